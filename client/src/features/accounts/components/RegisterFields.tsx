import { BUSINESS_NAME_MAX } from '@domain/constants';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/Checkbox';
import { FieldError, FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { Textarea } from '@/components/ui/Textarea';
import type { RegisterFormInput, RegisterFormOutput } from '../register-form';

interface RegisterFieldsProps {
  form: UseFormReturn<RegisterFormInput, unknown, RegisterFormOutput>;
  isSeller: boolean;
  /** Messages the server gave a plain post of the form (before adoption), shown until the form is sent again. */
  postedErrors?: Record<string, string>;
}

/** The sign-up fields; sellers also get the optional shop name, location and bio (their storefront's). */
export function RegisterFields({ form, isSeller, postedErrors = {} }: RegisterFieldsProps) {
  const { errors: own } = form.formState;
  const errorOf = (name: keyof RegisterFormInput) => own[name]?.message ?? postedErrors[name];
  const errors = Object.fromEntries(
    (
      [
        'username',
        'email',
        'password',
        'confirmPassword',
        'businessName',
        'location',
        'bio',
        'terms',
      ] as const
    )
      .map((name) => [name, errorOf(name)])
      .filter(([, message]) => message)
      .map(([name, message]) => [name, { message }]),
  ) as Partial<Record<keyof RegisterFormInput, { message: string }>>;
  const prefix = isSeller ? 'seller' : 'buyer';
  // The values the form starts from (a refused plain post's), in the HTML too: react-hook-form fills its fields only
  // once the page is adopted.
  const start = form.formState.defaultValues;
  const id = (name: string) => `${prefix}-${name}`;
  return (
    <>
      <FormField id={id('username')} label="Username" required error={errors.username?.message}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={start?.username}
          {...form.register('username')}
        />
      </FormField>
      <FormField id={id('email')} label="Email" required error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={start?.email}
          {...form.register('email')}
        />
      </FormField>
      <FormField
        id={id('password')}
        label="Password"
        required
        hint="At least 8 characters."
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField
        id={id('confirm-password')}
        label="Confirm Password"
        required
        error={errors.confirmPassword?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      {isSeller && (
        <>
          <FormField
            id={id('business-name')}
            label="Shop name (optional)"
            hint="Your nursery's name, as buyers will see it. Without one, your username shows."
            error={errors.businessName?.message}
          >
            <Input
              autoComplete="organization"
              maxLength={BUSINESS_NAME_MAX}
              placeholder="e.g. Sunshine Pitaya Nursery"
              defaultValue={start?.businessName}
              {...form.register('businessName')}
            />
          </FormField>
          <FormField id={id('location')} label="Location (optional)" error={errors.location?.message}>
            <Input
              autoComplete="address-level1"
              placeholder="e.g. Homestead, Florida"
              defaultValue={start?.location}
              {...form.register('location')}
            />
          </FormField>
          <FormField id={id('bio')} label="Bio (optional)" error={errors.bio?.message}>
            <Textarea
              rows={4}
              placeholder="Tell buyers about your nursery"
              defaultValue={start?.bio}
              {...form.register('bio')}
            />
          </FormField>
        </>
      )}
      <div className="grid gap-2">
        <div className="flex items-center gap-3">
          <Controller
            control={form.control}
            name="terms"
            render={({ field }) => (
              <Checkbox
                id={id('terms')}
                ref={field.ref}
                name={field.name}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-required
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? id('terms-error') : undefined}
              />
            )}
          />
          <Label htmlFor={id('terms')} className="leading-snug">
            I agree to the terms and conditions
          </Label>
        </div>
        {errors.terms?.message && <FieldError id={id('terms-error')}>{errors.terms.message}</FieldError>}
      </div>
    </>
  );
}
