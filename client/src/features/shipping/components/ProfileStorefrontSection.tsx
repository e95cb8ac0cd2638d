import { BIO_MAX, BUSINESS_NAME_MAX, LOCATION_MAX } from '@domain/constants';
import { storefrontPath } from '@domain/seo';
import { Link } from 'wouter';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Textarea } from '@/components/ui/Textarea';
import type { SellerProfileForm } from '../seller-profile-form';

/** "Your storefront": the shop name, the location and the bio buyers read on the storefront, with a link to it. */
export function ProfileStorefrontSection({
  form,
  idPrefix: id,
  username,
}: {
  form: SellerProfileForm;
  idPrefix: string;
  /** The signed-in seller's, for the link to their storefront (none while unknown). */
  username: string | undefined;
}) {
  const { errors } = form.formState;
  return (
    <section aria-labelledby={`${id}-storefront`} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-storefront`} className="text-2xl">
          Your storefront
        </h2>
        {username && (
          <Link
            href={storefrontPath(username)}
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
        <Input maxLength={BUSINESS_NAME_MAX} autoComplete="organization" {...form.register('businessName')} />
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
  );
}
