import { CERTIFICATE_NUMBER_MAX, CERTIFICATE_OPTIONS } from '@domain/shipping/seller-profile';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { FieldError, FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { EMPTY_CERTIFICATE, type SellerProfileForm } from '../seller-profile-form';

/** "Certificates on file": one row per certificate (its kind, number and expiry day), added and removed here. */
export function ProfileCertificatesSection({
  form,
  idPrefix: id,
}: {
  form: SellerProfileForm;
  idPrefix: string;
}) {
  const certificates = useFieldArray({ control: form.control, name: 'certificates' });
  const { errors } = form.formState;
  return (
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
  );
}
