import {
  CUTTING_SIZE_LABELS,
  CUTTING_SIZES,
  FORM_LABELS,
  FORMS,
  POLLINATION_LABELS,
  POLLINATIONS,
  QUANTITY_MAX,
  SHIPS_AS,
  SHIPS_AS_LABELS,
  VARIETIES,
} from '@domain/constants';
import {
  CALLUSED_SHIPS_AS,
  LENGTH_INCHES_MAX,
  ROOTSTOCK_MAX,
  SEGMENTS_MAX,
  SIX_INCH_CUTTING_MAX,
} from '@domain/listings/plant-facts';
import { DESCRIPTION_MAX, IMAGE_URL_MAX, TITLE_MAX } from '@domain/listings/schemas';
import { Controller, useWatch } from 'react-hook-form';
import { Checkbox } from '@/components/ui/Checkbox';
import { FieldError, FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { Textarea } from '@/components/ui/Textarea';
import {
  followFormDefault,
  followLength,
  type ListingFormApi,
  type ListingFormValues,
} from '../listing-form';

// The listing form's sections, in the order the form shows them (docs/product.md#listing-form). Each takes the
// whole form, registers its own fields and shows their errors, so the form itself reads as its list of sections.

interface SectionProps {
  form: ListingFormApi;
}

/** What buyers read first: the title and the description. */
export function BasicsFields({ form }: SectionProps) {
  const { errors } = form.formState;
  return (
    <>
      <FormField id="listing-title" label="Title" required error={errors.title?.message}>
        <Input
          maxLength={TITLE_MAX}
          placeholder="e.g. Sugar Dragon 12 inch cutting"
          {...form.register('title')}
        />
      </FormField>
      <FormField id="listing-description" label="Description" required error={errors.description?.message}>
        <Textarea
          rows={4}
          maxLength={DESCRIPTION_MAX}
          placeholder="Size, age, how it was grown, how it ships"
          {...form.register('description')}
        />
      </FormField>
    </>
  );
}

/**
 * The plant itself: variety, form, cutting size and pollination. The cutting size is asked only of a cutting;
 * watching the form here re-renders this section alone when it changes. A new form also moves how the listing
 * ships to that form's default, until the seller picks it (the Plant section).
 */
export function PlantFactsFields({ form }: SectionProps) {
  const { errors } = form.formState;
  const productForm = useWatch({ control: form.control, name: 'form' });
  return (
    <>
      <FormField id="listing-variety" label="Variety" required error={errors.variety?.message}>
        <NativeSelect {...form.register('variety')}>
          {VARIETIES.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="listing-form" label="Form" required error={errors.form?.message}>
        <NativeSelect
          {...form.register('form', { onChange: (e) => followFormDefault(form, e.target.value) })}
        >
          {FORMS.map((f) => (
            <option key={f} value={f}>
              {FORM_LABELS[f]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {productForm === 'cutting' && (
        <FormField
          id="listing-cutting-size"
          label="Cutting Size"
          hint={`Follows the length when you give one: up to ${SIX_INCH_CUTTING_MAX} inches is 6 inch, longer is 12 inch.`}
          error={errors.cuttingSize?.message}
        >
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
      <FormField id="listing-pollination" label="Pollination" error={errors.pollination?.message}>
        <NativeSelect {...form.register('pollination')}>
          <option value="">Not specified</option>
          {POLLINATIONS.map((p) => (
            <option key={p} value={p}>
              {POLLINATION_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </>
  );
}

/** The price in dollars and the stock; both typed as text and checked by the shared schema. */
export function PriceStockFields({ form }: SectionProps) {
  const { errors } = form.formState;
  return (
    <>
      <FormField
        id="listing-price"
        label="Price"
        required
        hint="In US dollars."
        error={errors.price?.message}
      >
        <Input type="number" inputMode="decimal" step="0.01" min="0.01" {...form.register('price')} />
      </FormField>
      <FormField id="listing-quantity" label="Quantity" required error={errors.quantity?.message}>
        <Input
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
          max={QUANTITY_MAX}
          {...form.register('quantity')}
        />
      </FormField>
    </>
  );
}

/** The picture's address: a web address or a path on this site, as the hint says. */
export function ImageField({ form }: SectionProps) {
  return (
    <FormField
      id="listing-image-url"
      label="Image URL"
      hint="Needed only without photos, and shown while the listing has none: a web address (https://…) or a path on this site, such as /images/products/sugar-dragon-cutting.svg."
      error={form.formState.errors.imageUrl?.message}
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
  );
}

/**
 * How the plant ships and the facts buyers choose it by: ships as (following the form's default until the seller
 * picks one), length, segments, callused (asked of an unrooted cutting only), grafted and, for a grafted plant,
 * its rootstock.
 */
export function PlantFieldset({ form }: SectionProps) {
  const { errors } = form.formState;
  const [shipsAs, grafted] = useWatch({ control: form.control, name: ['shipsAs', 'grafted'] });
  return (
    <fieldset className="grid gap-5">
      <legend className="mb-3 text-sm font-medium">Plant</legend>
      <div className="grid items-start gap-5 sm:grid-cols-3">
        <FormField id="listing-ships-as" label="Ships as" error={errors.shipsAs?.message}>
          <NativeSelect
            {...form.register('shipsAs', { onChange: () => form.setValue('shipsAsChosen', true) })}
          >
            {SHIPS_AS.map((s) => (
              <option key={s} value={s}>
                {SHIPS_AS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id="listing-length-inches"
          label="Length (inches)"
          hint="Optional."
          error={errors.lengthInches?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            step="1"
            min="1"
            max={LENGTH_INCHES_MAX}
            {...form.register('lengthInches', { onChange: (e) => followLength(form, e.target.value) })}
          />
        </FormField>
        <FormField id="listing-segments" label="Segments" hint="Optional." error={errors.segments?.message}>
          <Input
            type="number"
            inputMode="numeric"
            step="1"
            min="1"
            max={SEGMENTS_MAX}
            {...form.register('segments')}
          />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-x-8 gap-y-3">
        {shipsAs === CALLUSED_SHIPS_AS && <FlagCheckbox form={form} name="callused" label="Callused" />}
        <FlagCheckbox form={form} name="grafted" label="Grafted" />
      </div>
      {errors.callused?.message && <FieldError>{errors.callused.message}</FieldError>}
      {errors.grafted?.message && <FieldError>{errors.grafted.message}</FieldError>}
      {grafted && (
        <FormField
          id="listing-rootstock"
          label="Rootstock"
          hint="Optional: what it is grafted on, such as Vietnamese White (Hylocereus undatus)."
          error={errors.rootstock?.message}
        >
          <Input maxLength={ROOTSTOCK_MAX} {...form.register('rootstock')} />
        </FormField>
      )}
    </fieldset>
  );
}

type FlagName = {
  [K in keyof ListingFormValues]: ListingFormValues[K] extends boolean ? K : never;
}[keyof ListingFormValues];

/**
 * A yes-or-no field as a labelled checkbox. Radix's Checkbox is a button, not an input, so it is bound through a
 * Controller rather than registered.
 */
function FlagCheckbox({ form, name, label }: SectionProps & { name: FlagName; label: string }) {
  return (
    <div className="flex items-center gap-3">
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
  );
}

const FLAGS = [
  { name: 'organic', label: 'Organic' },
  { name: 'pesticideFree', label: 'Pesticide-free' },
  { name: 'inStock', label: 'In Stock' },
] as const;

/** The yes-or-no details as checkboxes. */
export function DetailsFieldset({ form }: SectionProps) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-medium">Details</legend>
      <div className="flex flex-wrap gap-x-8 gap-y-3">
        {FLAGS.map(({ name, label }) => (
          <FlagCheckbox key={name} form={form} name={name} label={label} />
        ))}
      </div>
    </fieldset>
  );
}
