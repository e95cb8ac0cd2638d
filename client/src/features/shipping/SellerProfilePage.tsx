import { BIO_MAX, BUSINESS_NAME_MAX, LOCATION_MAX } from '@domain/constants';
import { PAYMENT_INSTRUCTIONS_MAX } from '@domain/payments/instructions';
import { storefrontPath } from '@domain/seo';
import { ADDRESS_CITY_MAX, ADDRESS_LINE_MAX } from '@domain/shipping/addresses';
import type { SellerProfile } from '@domain/shipping/responses';
import {
  CERTIFICATE_NUMBER_MAX,
  CERTIFICATE_OPTIONS,
  HANDLING_DAYS_MAX,
  LICENCE_MAX,
  type SellerProfileFields,
} from '@domain/shipping/seller-profile';
import { US_STATES } from '@domain/shipping/states';
import { AlertCircle, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Controller, type UseFormReturn, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { PageMessage } from '@/components/PageMessage';
import { useDocumentTitle } from '@/components/PageStatus';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { FieldError, FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { Skeleton } from '@/components/ui/Skeleton';
import { Textarea } from '@/components/ui/Textarea';
import { useAuth } from '@/features/accounts';
import { CardPaymentsSection, usePayoutAccount } from '@/features/payments';
import { isApiError } from '@/lib/api';
import { useSaveSellerProfile, useSellerProfile } from './api';
import { StateOptions } from './components/StateOptions';
import { ZipNotes } from './components/ZipNotes';
import {
  EMPTY_CERTIFICATE,
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

function ProfileForm({ profile }: { profile: SellerProfile }) {
  const id = useId();
  const form = useForm<SellerProfileFormValues, unknown, SellerProfileFields>({
    resolver: sellerProfileResolver,
    defaultValues: sellerProfileToForm(profile),
  });
  const certificates = useFieldArray({ control: form.control, name: 'certificates' });
  const save = useSaveSellerProfile();
  const { user } = useAuth();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((fields) =>
    save.mutate(fields, {
      onSuccess: (saved) => form.reset(sellerProfileToForm(saved)),
      onError: (error) => {
        if (!isApiError(error)) return;
        let first = true;
        for (const [path, message] of Object.entries(error.fieldErrors)) {
          form.setError(
            path as keyof SellerProfileFormValues,
            { type: 'server', message },
            { shouldFocus: first },
          );
          first = false;
        }
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-8" aria-busy={save.isPending}>
      <section
        aria-labelledby={`${id}-storefront`}
        className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={`${id}-storefront`} className="text-2xl">
            Your storefront
          </h2>
          {user && (
            <Link
              href={storefrontPath(user.username)}
              className="text-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
            >
              View your storefront
            </Link>
          )}
        </div>
        <p className="-mt-2 text-sm text-muted-foreground">
          Buyers see this on your storefront, beside your listings, your rating and your shipping policy.
        </p>
        <FormField
          id={`${id}-business`}
          label="Shop name (optional)"
          hint="Your nursery's name, shown on your listings, your storefront and your packing slips. Without one, your username shows."
          error={errors.businessName?.message}
        >
          <Input
            maxLength={BUSINESS_NAME_MAX}
            autoComplete="organization"
            {...form.register('businessName')}
          />
        </FormField>
        <FormField id={`${id}-location`} label="Location (optional)" error={errors.location?.message}>
          <Input
            maxLength={LOCATION_MAX}
            autoComplete="address-level1"
            placeholder="e.g. Homestead, Florida"
            {...form.register('location')}
          />
        </FormField>
        <FormField id={`${id}-bio`} label="About your nursery (optional)" error={errors.bio?.message}>
          <Textarea rows={4} maxLength={BIO_MAX} {...form.register('bio')} />
        </FormField>
      </section>

      <section aria-labelledby={`${id}-origin`} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
        <h2 id={`${id}-origin`} className="text-2xl">
          Where you ship from
        </h2>
        <FormField
          id={`${id}-state`}
          label="Ships from"
          required
          hint="The state your plants leave from. Buyers can't order your plants until you choose it."
          error={errors.shipFromState?.message}
        >
          <NativeSelect {...form.register('shipFromState')}>
            <StateOptions />
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-licence`}
          label="Nursery licence or registration number (optional)"
          hint="Printed on your packing slips when a state asks for it."
          error={errors.licence?.message}
        >
          <Input maxLength={LICENCE_MAX} autoComplete="off" {...form.register('licence')} />
        </FormField>
        <FormField
          id={`${id}-handling`}
          label="Handling time (days)"
          hint={`From an order to its shipping, 1 to ${HANDLING_DAYS_MAX}. We remind you of an order still to ship after it.`}
          error={errors.handlingDays?.message}
        >
          <Input inputMode="numeric" className="max-w-28" {...form.register('handlingDays')} />
        </FormField>
      </section>

      <PaymentsSection headingId={`${id}-paid`}>
        <FormField
          id={`${id}-payment`}
          label="Payment instructions"
          hint="For example: Zelle to orders@yournursery.com, or a cheque to your nursery's address. Plain text."
          error={errors.paymentInstructions?.message}
        >
          <Textarea rows={4} maxLength={PAYMENT_INSTRUCTIONS_MAX} {...form.register('paymentInstructions')} />
        </FormField>
      </PaymentsSection>

      <section aria-labelledby={`${id}-shipper`} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
        <div>
          <h2 id={`${id}-shipper`} className="text-2xl">
            Shipper on your packing slips
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Your packing slips name you as the shipper (your shop name, else your username) with this return
            address, where a parcel the carrier can't deliver comes back to.
          </p>
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Return address (optional)</legend>
          <div className="mt-3 grid gap-4">
            <FormField
              id={`${id}-return-line1`}
              label="Street address"
              error={errors.returnAddress?.line1?.message}
            >
              <Input
                autoComplete="address-line1"
                maxLength={ADDRESS_LINE_MAX}
                {...form.register('returnAddress.line1')}
              />
            </FormField>
            <FormField
              id={`${id}-return-line2`}
              label="Apartment, suite, etc. (optional)"
              error={errors.returnAddress?.line2?.message}
            >
              <Input
                autoComplete="address-line2"
                maxLength={ADDRESS_LINE_MAX}
                {...form.register('returnAddress.line2')}
              />
            </FormField>
            <div className="grid items-start gap-4 sm:grid-cols-[2fr_2fr_1fr]">
              <FormField id={`${id}-return-city`} label="City" error={errors.returnAddress?.city?.message}>
                <Input
                  autoComplete="address-level2"
                  maxLength={ADDRESS_CITY_MAX}
                  {...form.register('returnAddress.city')}
                />
              </FormField>
              <FormField id={`${id}-return-state`} label="State" error={errors.returnAddress?.state?.message}>
                <NativeSelect autoComplete="address-level1" {...form.register('returnAddress.state')}>
                  <StateOptions />
                </NativeSelect>
              </FormField>
              <FormField id={`${id}-return-zip`} label="ZIP code" error={errors.returnAddress?.zip?.message}>
                <Input
                  autoComplete="postal-code"
                  inputMode="numeric"
                  maxLength={10}
                  {...form.register('returnAddress.zip')}
                />
              </FormField>
            </div>
            <ReturnZipNotes form={form} />
            {errors.returnAddress?.message && <FieldError>{errors.returnAddress.message}</FieldError>}
          </div>
        </fieldset>
      </section>

      <section aria-labelledby={`${id}-certs`} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
        <div>
          <h2 id={`${id}-certs`} className="text-2xl">
            Certificates on file
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Some states let plants in only with a certificate (California's nematode compliance, Arizona's
            nursery inspection). Listings that need one ship there while yours is valid; the expiry day still
            counts.
          </p>
        </div>
        {certificates.fields.length === 0 && <p className="text-sm">No certificates on file.</p>}
        {certificates.fields.map((field, i) => {
          const certErrors = errors.certificates?.[i];
          return (
            <fieldset
              key={field.id}
              className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[2fr_1fr_1fr_auto]"
            >
              <legend className="sr-only">Certificate {i + 1}</legend>
              <FormField id={`${id}-cert-${i}-kind`} label="Certificate" error={certErrors?.kind?.message}>
                <NativeSelect {...form.register(`certificates.${i}.kind`)}>
                  <option value="">Choose…</option>
                  {CERTIFICATE_OPTIONS.map((o) => (
                    <option key={o.kind} value={o.kind}>
                      {o.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField
                id={`${id}-cert-${i}-number`}
                label="Certificate number"
                error={certErrors?.number?.message}
              >
                <Input
                  maxLength={CERTIFICATE_NUMBER_MAX}
                  autoComplete="off"
                  {...form.register(`certificates.${i}.number`)}
                />
              </FormField>
              <FormField
                id={`${id}-cert-${i}-expires`}
                label="Expires on"
                error={certErrors?.expiresOn?.message}
              >
                <Input type="date" {...form.register(`certificates.${i}.expiresOn`)} />
              </FormField>
              <Button
                type="button"
                variant="ghost"
                className="self-end"
                aria-label={`Remove certificate ${i + 1}`}
                onClick={() => certificates.remove(i)}
              >
                <Trash2 aria-hidden="true" />
                <span className="sm:sr-only">Remove</span>
              </Button>
            </fieldset>
          );
        })}
        {errors.certificates?.message && <FieldError>{errors.certificates.message}</FieldError>}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={certificates.fields.length >= CERTIFICATE_OPTIONS.length}
          onClick={() => certificates.append({ ...EMPTY_CERTIFICATE })}
        >
          <Plus aria-hidden="true" />
          Add certificate
        </Button>
      </section>

      <section aria-labelledby={`${id}-blocked`} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
        <h2 id={`${id}-blocked`} className="text-2xl">
          States you don't ship to
        </h2>
        <p className="text-sm text-muted-foreground">
          For reasons of your own (heat, transit times, a state's paperwork). Buyers there see that you don't
          ship to them; the states' own rules apply whatever you choose here.
        </p>
        <Controller
          control={form.control}
          name="blockedStates"
          render={({ field }) => (
            <fieldset className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
              <legend className="sr-only">States you don't ship to</legend>
              {US_STATES.map((s) => (
                <div key={s.code} className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-blocked-${s.code}`}
                    checked={field.value.includes(s.code)}
                    onCheckedChange={(checked) =>
                      field.onChange(
                        checked === true ? [...field.value, s.code] : field.value.filter((c) => c !== s.code),
                      )
                    }
                  />
                  <Label htmlFor={`${id}-blocked-${s.code}`} className="font-normal">
                    {s.name}
                  </Label>
                </div>
              ))}
            </fieldset>
          )}
        />
        {errors.blockedStates && (
          <FieldError>{errors.blockedStates.message ?? 'Check the states'}</FieldError>
        )}
      </section>

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

/** The return address's ZIP code: fills an empty city and state from it, and says when they disagree with it. */
function ReturnZipNotes({
  form,
}: {
  form: UseFormReturn<SellerProfileFormValues, unknown, SellerProfileFields>;
}) {
  const [zip, state, city] = useWatch({
    control: form.control,
    name: ['returnAddress.zip', 'returnAddress.state', 'returnAddress.city'],
  });
  const submitted = form.formState.isSubmitted;
  return (
    <ZipNotes
      zip={zip}
      state={state}
      city={city}
      setCity={(value, validate) =>
        form.setValue('returnAddress.city', value, {
          shouldDirty: true,
          shouldValidate: validate || submitted,
        })
      }
      setState={(value) =>
        form.setValue('returnAddress.state', value, { shouldDirty: true, shouldValidate: submitted })
      }
    />
  );
}
