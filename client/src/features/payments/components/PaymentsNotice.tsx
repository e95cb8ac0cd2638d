import { AlertTriangle } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';
import { usePayoutAccount } from '../api';

/**
 * For a nursery buyers cannot pay yet (GET /api/seller/payout-account's takingOrders, the rule checkout applies):
 * what is missing before it can sell, and where to fix it (docs/product.md#seller-dashboard). Its listings say "Not
 * taking orders yet" meanwhile. Nothing for a nursery that can be paid, nor while it loads.
 */
export function PaymentsNotice({ className }: { className?: string }) {
  const payout = usePayoutAccount();
  if (!payout.data || payout.data.takingOrders) return null;
  // What the provider in force asks of the nursery (its capabilities): an account to connect, or instructions.
  const { payoutAccounts: byCard, name } = payout.data.capabilities;
  return (
    <section
      aria-labelledby="payments-notice"
      className={`flex flex-wrap items-start gap-3 rounded-xl border border-amber-500/60 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-50 ${className ?? ''}`}
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      {/* At least 14rem, so that on a phone the button goes under the text rather than squeeze it. */}
      <div className="min-w-56 flex-1">
        <h2 id="payments-notice" className="font-sans text-base font-semibold">
          {byCard ? 'Set up card payments to start selling' : 'Say how buyers pay you to start selling'}
        </h2>
        <p className="mt-1 text-sm">
          {byCard
            ? `Buyers can't order your plants until your ${name} account is ready to take card payments. `
            : "Buyers can't order your plants until your profile says how they pay you (Zelle, Venmo, a cheque address…). "}
          Until then your listings say “Not taking orders yet”.
        </p>
      </div>
      <Button asChild size="sm">
        <Link href="/seller/profile">{byCard ? 'Set up card payments' : 'Add payment instructions'}</Link>
      </Button>
    </section>
  );
}
