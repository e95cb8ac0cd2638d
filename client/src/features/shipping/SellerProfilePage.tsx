import type { SellerProfile } from '@domain/shipping/responses';
import type { SellerProfileFields } from '@domain/shipping/seller-profile';
import { AlertCircle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { PageMessage } from '@/components/PageMessage';
import { useDocumentTitle } from '@/components/PageStatus';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { CardPaymentsSection, usePayoutAccount } from '@/features/payments';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { useSaveSellerProfile, useSellerProfile } from './api';
import { ProfileBlockedStatesSection } from './components/ProfileBlockedStatesSection';
import { ProfileCertificatesSection } from './components/ProfileCertificatesSection';
import { ProfilePaymentInstructionsField } from './components/ProfilePaymentInstructionsField';
import { ProfileRatesSection } from './components/ProfileRatesSection';
import { ProfileShipDaysSection } from './components/ProfileShipDaysSection';
import { ProfileShipFromSection } from './components/ProfileShipFromSection';
import { ProfileShipperSection } from './components/ProfileShipperSection';
import { ProfileStorefrontSection } from './components/ProfileStorefrontSection';
import {
  type SellerProfileFormValues,
  sellerProfileResolver,
  sellerProfileToForm,
} from './seller-profile-form';

/**
 * /seller/profile — the seller's shipping profile (docs/product.md#seller-shipping-profile), inside RequireSeller:
 * where its plants ship from, its licence, the name and return address its packing slips print, the states it does
 * not ship to, and its certificates on file.
 */
export function SellerProfilePage() {
  useDocumentTitle('Shipping profile');
  const profile = useSellerProfile();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <h1 className="text-3xl sm:text-4xl">Shipping profile</h1>
      <p className="mt-1 text-muted-foreground">
        Where your plants ship from decides where they may go under each state's plant rules. Buyers see it on
        every listing, and checkout holds to it.
      </p>
      <div className="mt-8">
        {profile.isPending ? (
          <div role="status" aria-label="Loading your shipping profile" className="grid gap-4">
            <Skeleton className="h-16" />
            <Skeleton className="h-48" />
          </div>
        ) : profile.isError || !profile.data ? (
          <PageMessage
            icon={<AlertCircle className="size-12 text-destructive" aria-hidden="true" />}
            title="Your shipping profile could not be loaded"
            action={<Button onClick={() => void profile.refetch()}>Retry</Button>}
          >
            Please try again in a moment.
          </PageMessage>
        ) : (
          <ProfileForm profile={profile.data} />
        )}
      </div>
    </div>
  );
}

/**
 * The shipping profile's form, one component per section (components/Profile…Section.tsx), each given the form;
 * the server's field errors land on the fields they name.
 */
function ProfileForm({ profile }: { profile: SellerProfile }) {
  const id = useId();
  const form = useForm<SellerProfileFormValues, unknown, SellerProfileFields>({
    resolver: sellerProfileResolver,
    defaultValues: sellerProfileToForm(profile),
  });
  const save = useSaveSellerProfile();
  const { user } = useSession();

  const onSubmit = form.handleSubmit((fields) =>
    save.mutate(fields, {
      onSuccess: (saved) => form.reset(sellerProfileToForm(saved)),
      onError: (error) => applyServerFieldErrors(form, error),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-8" aria-busy={save.isPending}>
      <ProfileStorefrontSection form={form} idPrefix={id} username={user?.username} />
      <ProfileShipFromSection form={form} idPrefix={id} />
      <ProfileShipDaysSection form={form} idPrefix={id} />
      <ProfileRatesSection form={form} idPrefix={id} />
      <PaymentsSection headingId={`${id}-paid`}>
        <ProfilePaymentInstructionsField form={form} idPrefix={id} />
      </PaymentsSection>
      <ProfileShipperSection form={form} idPrefix={id} />
      <ProfileCertificatesSection form={form} idPrefix={id} />
      <ProfileBlockedStatesSection form={form} idPrefix={id} />

      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="cactus" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save shipping profile'}
        </Button>
        <Button asChild variant="outline">
          <Link href="/seller/dashboard">Back to dashboard</Link>
        </Button>
      </div>
    </form>
  );
}

/**
 * How buyers pay the nursery, by what the provider in force allows (GET /api/seller/payout-account's capabilities):
 * paid directly (the default), "How buyers pay you" with its payment instructions (`children`); with a payout account
 * to connect (Stripe), "Card payments" with that account instead (the instructions, not shown, are kept as they are
 * when the profile is saved).
 */
function PaymentsSection({ headingId, children }: { headingId: string; children: ReactNode }) {
  const payout = usePayoutAccount();
  if (payout.isPending)
    return (
      <div role="status" aria-label="Loading how buyers pay you">
        <Skeleton className="h-40" />
      </div>
    );
  if (payout.isError || !payout.data)
    return (
      <section aria-labelledby={headingId} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
        <h2 id={headingId} className="text-2xl">
          How buyers pay you
        </h2>
        <p className="text-sm">This could not be loaded. Please try again in a moment.</p>
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => void payout.refetch()}
        >
          Retry
        </Button>
      </section>
    );
  if (payout.data.capabilities.payoutAccounts)
    return (
      <CardPaymentsSection
        account={payout.data.account}
        provider={payout.data.capabilities.name}
        headingId={headingId}
      />
    );
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div>
        <h2 id={headingId} className="text-2xl">
          How buyers pay you
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          How a buyer can pay you directly, in your own words.
        </p>
      </div>
      {children}
    </section>
  );
}
