import type { Product } from '@domain/catalog/schemas';
import {
  CUTTING_SIZE_LABELS,
  CUTTING_SIZES,
  FORM_LABELS,
  FORMS,
  POLLINATION_LABELS,
  POLLINATIONS,
  QUANTITY_MAX,
  VARIETIES,
} from '@domain/constants';
import { DESCRIPTION_MAX, IMAGE_URL_MAX, type Listing, TITLE_MAX } from '@domain/listings/schemas';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api';
import { useCreateListing, useUpdateListing } from '../api';
import {
  LISTING_DEFAULTS,
  LISTING_FIELDS,
  type ListingFormValues,
  listingResolver,
  listingToForm,
  toListingPayload,
} from '../listing-form';

const FLAGS = [
  { name: 'organic', label: 'Organic' },
  { name: 'pesticideFree', label: 'Pesticide-free' },
  { name: 'inStock', label: 'In Stock' },
] as const;

/**
 * The listing form (docs/product.md#listing-form): a new listing when `product` is absent, else that
 * listing. Checked with the server's own schema; the server's field errors land on the same fields.
 * After an add the form resets for the next one; after an update the seller goes back to the listings.
 */
export function ListingForm({ product }: { product?: Product }) {
  const [, navigate] = useLocation();
  const create = useCreateListing();
  const update = useUpdateListing();
  const form = useForm<ListingFormValues, unknown, Listing>({
    resolver: listingResolver,
    defaultValues: product ? listingToForm(product) : LISTING_DEFAULTS,
  });
  const { errors } = form.formState;
  const productForm = useWatch({ control: form.control, name: 'form' });
  const pending = create.isPending || update.isPending;

  const showServerErrors = (error: unknown) => {
    console.error(product ? 'Failed to update product' : 'Failed to add product', error);
    if (!isApiError(error)) return;
    let first = true;
    for (const field of LISTING_FIELDS) {
      const message = error.fieldErrors[field];
      if (!message) continue;
      form.setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
  };

  const onSubmit = form.handleSubmit(
    (listing) => {
      const payload = toListingPayload(listing);
      if (product) {
        // The stock as last loaded: a sale since then makes the server refuse, rather than undo the sale.
        update.mutate(
          { id: product.id, listing: { ...payload, expectedQuantity: product.quantity } },
          { onSuccess: () => navigate('/seller/listings'), onError: showServerErrors },
        );
      } else {
        create.mutate(payload, {
          onSuccess: () => {
            form.reset(LISTING_DEFAULTS);
            form.setFocus('title');
          },
          onError: showServerErrors,
        });
      }
    },
    (invalid) => console.error('Listing form is invalid', invalid),
  );

  const error = (name: FieldPath<ListingFormValues>) => errors[name]?.message;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-busy={pending}>
      <FormField id="listing-title" label="Title" required error={error('title')}>
        <Input
          maxLength={TITLE_MAX}
          placeholder="e.g. Sugar Dragon 12 inch cutting"
          {...form.register('title')}
        />
      </FormField>
      <FormField id="listing-description" label="Description" required error={error('description')}>
        <Textarea
          rows={4}
          maxLength={DESCRIPTION_MAX}
          placeholder="Size, age, how it was grown, how it ships"
          {...form.register('description')}
        />
      </FormField>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="listing-variety" label="Variety" required error={error('variety')}>
          <NativeSelect {...form.register('variety')}>
            {VARIETIES.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="listing-form" label="Form" required error={error('form')}>
          <NativeSelect {...form.register('form')}>
            {FORMS.map((f) => (
              <option key={f} value={f}>
                {FORM_LABELS[f]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {productForm === 'cutting' && (
          <FormField id="listing-cutting-size" label="Cutting Size" error={error('cuttingSize')}>
            <NativeSelect {...form.register('cuttingSize')}>
              <option value="">Not specified</option>
              {CUTTING_SIZES.map((s) => (
                <option key={s} value={s}>
                  {CUTTING_SIZE_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}
        <FormField id="listing-pollination" label="Pollination" error={error('pollination')}>
          <NativeSelect {...form.register('pollination')}>
            <option value="">Not specified</option>
            {POLLINATIONS.map((p) => (
              <option key={p} value={p}>
                {POLLINATION_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="listing-price" label="Price" required hint="In US dollars." error={error('price')}>
          <Input type="number" inputMode="decimal" step="0.01" min="0.01" {...form.register('price')} />
        </FormField>
        <FormField id="listing-quantity" label="Quantity" required error={error('quantity')}>
          <Input
            type="number"
            inputMode="numeric"
            step="1"
            min="1"
            max={QUANTITY_MAX}
            {...form.register('quantity')}
          />
        </FormField>
      </div>

      <FormField
        id="listing-image-url"
        label="Image URL"
        required
        hint="A web address (https://…) or a path on this site, such as /images/products/sugar-dragon-cutting.svg."
        error={error('imageUrl')}
      >
        <Input
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={IMAGE_URL_MAX}
          placeholder="https://example.com/plant.jpg"
          {...form.register('imageUrl')}
        />
      </FormField>

      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium">Details</legend>
        <div className="flex flex-wrap gap-x-8 gap-y-3">
          {FLAGS.map(({ name, label }) => (
            <div key={name} className="flex items-center gap-3">
              <Controller
                control={form.control}
                name={name}
                render={({ field }) => (
                  <Checkbox
                    id={`listing-${name}`}
                    ref={field.ref}
                    name={field.name}
                    checked={field.value === true}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    onBlur={field.onBlur}
                  />
                )}
              />
              <Label htmlFor={`listing-${name}`}>{label}</Label>
            </div>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-3 border-t pt-5 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link href="/seller/listings">Cancel</Link>
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : product ? 'Update Product' : 'Add Product'}
        </Button>
      </div>
    </form>
  );
}
