import { payoutReturn } from '@domain/payments/providers';
import type { PayoutAccountView } from '@domain/payments/responses';
import { AlertCircle, CheckCircle2, Clock, CreditCard } from 'lucide-react';
import { useSearch } from 'wouter';
import { Button } from '@/components/ui/Button';
import { useConnectPayoutAccount } from '../api';

type Account = PayoutAccountView['account'];

/** What the Stripe fields asked for most often are, in words, by the start of their names. */
const REQUIREMENT_WORDS: Array<[prefix: string, words: string]> = [
  ['external_account', 'A bank account for your payouts'],
  ['tos_acceptance', "Your acceptance of Stripe's terms"],
  ['individual.verification', 'An identity document'],
  ['individual.dob', 'Your date of birth'],
  ['individual.ssn_last_4', 'The last 4 digits of your Social Security number'],
  ['individual.id_number', 'Your ID number'],
  ['individual.address', 'Your address'],
  ['individual.phone', 'Your phone number'],
  ['individual.email', 'Your email address'],
  ['individual.first_name', 'Your name'],
  ['individual.last_name', 'Your name'],
  ['business_profile.url', "Your nursery's website"],
  ['business_profile.mcc', "Your nursery's line of business"],
  ['business_profile', "Your nursery's details"],
  ['company', "Your company's details"],
];

/**
 * What Stripe asks for, in words and each once: `individual.dob.day` is "Your date of birth"; a field not listed is
 * its name in words (`representative.title`: "Representative title"). Stripe's page asks for each in its own words;
 * this only says what is missing.
 */
function requirementsInWords(fields: readonly string[]): string[] {
  const words = fields.map((field) => {
    const known = REQUIREMENT_WORDS.find(([prefix]) => field === prefix || field.startsWith(`${prefix}.`));
    if (known) return known[1];
    const plain = field.replace(/[._]+/g, ' ').trim();
    return plain.charAt(0).toUpperCase() + plain.slice(1);
  });
  return [...new Set(words)];
}

/**
 * The seller profile's "Card payments" (docs/product.md#seller-shipping-profile), when the provider in force has
 * nurseries connect a payout account (its capabilities' `payoutAccounts`: Stripe, `PAYMENTS_PROVIDER=stripe`), named
 * `provider` (its capabilities' `name`): where the nursery's account stands in words, what the provider asks for when
 * it is restricted, and "Connect with Stripe" (or "Continue with Stripe" for an account not yet active), to the
 * provider's onboarding, which brings the nursery back to `/seller/profile?onboarding=return`, or
 * `?onboarding=refresh` when the link had expired (`?stripe=` too, as links made before carry it: payoutReturn).
 * Its buttons never submit the profile's form around it.
 */
export function CardPaymentsSection({
  account,
  provider,
  headingId,
}: {
  account: Account;
  provider: string;
  headingId: string;
}) {
  const back = payoutReturn(useSearch());
  const connect = useConnectPayoutAccount(provider);
  const active = account?.status === 'active';
  const leaving = connect.isSuccess;
  const Icon = !account
    ? CreditCard
    : active
      ? CheckCircle2
      : account.status === 'restricted'
        ? AlertCircle
        : Clock;
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div>
        <h2 id={headingId} className="text-2xl">
          Card payments
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Buyers pay by card at checkout, on {provider}'s secure page. Your share of each order is paid into
          your {provider} account once the order is delivered.
        </p>
      </div>
      <div className="flex items-start gap-3 rounded-lg border bg-muted/50 p-3 sm:p-4">
        <Icon
          aria-hidden="true"
          className={
            active
              ? 'mt-0.5 size-5 shrink-0 text-cactus'
              : account?.status === 'restricted'
                ? 'mt-0.5 size-5 shrink-0 text-destructive'
                : 'mt-0.5 size-5 shrink-0 text-muted-foreground'
          }
        />
        <div className="grid min-w-0 gap-1">
          <p role="status" className="font-semibold">
            <span className="sr-only">Your {provider} account: </span>
            {account ? account.label : 'Not connected'}
          </p>
          <p className="text-sm">
            {!account
              ? `Connect a ${provider} account to sell by card: until you do, buyers can't check out your plants.`
              : active
                ? 'Buyers can check out your plants by card.'
                : `Until ${provider} has what it needs, buyers can't check out your plants.`}
          </p>
          {account?.status === 'restricted' && account.requirements.length > 0 && (
            <div className="mt-1 grid gap-1 text-sm">
              <p className="font-medium">{provider} asks for:</p>
              <ul className="list-disc pl-5 [overflow-wrap:anywhere]">
                {requirementsInWords(account.requirements).map((words) => (
                  <li key={words}>{words}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
      {!active && back === 'refresh' && (
        <p className="text-sm">
          That link to {provider} had expired: continue with {provider} for a fresh one.
        </p>
      )}
      {!active && back === 'return' && account && (
        <p className="text-sm">
          Back from {provider}: it has not finished with your account yet. This page shows it once it has.
        </p>
      )}
      {!active && (
        <Button
          type="button"
          className="justify-self-start"
          disabled={connect.isPending || leaving}
          onClick={() => connect.mutate()}
        >
          {connect.isPending || leaving
            ? `Opening ${provider}…`
            : account
              ? `Continue with ${provider}`
              : `Connect with ${provider}`}
        </Button>
      )}
    </section>
  );
}
