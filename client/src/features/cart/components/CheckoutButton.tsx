import { Button } from '@/components/ui/Button';
import { toast } from '@/components/ui/use-toast';
import type { ShownCartLine } from '../cart-query';

/**
 * Above Checkout while some lines cannot be paid for yet (their nursery takes no payments: each line says so, from
 * the cart's `paymentProblem`): what to do about it; null when every line can be.
 */
export function paymentNoticeOf(lines: readonly ShownCartLine[]): string | null {
  const n = lines.filter((l) => l.paymentProblem).length;
  if (n === 0) return null;
  return n === 1
    ? "An item can't be paid for yet, as its nursery isn't taking payments: remove it to check out."
    : `${n} items can't be paid for yet, as their nurseries aren't taking payments: remove them to check out.`;
}

/**
 * Above Checkout while some lines ship by freight now (their nursery set a freight height below them since they were
 * added: each line says so, from the cart's `freight`): what to do about it; null when none does.
 */
export function freightNoticeOf(lines: readonly ShownCartLine[]): string | null {
  const n = lines.filter((l) => l.product.freight).length;
  if (n === 0) return null;
  return n === 1
    ? 'An item ships by freight, bought by contacting its nursery: remove it to check out.'
    : `${n} items ship by freight, bought by contacting their nurseries: remove them to check out.`;
}

/**
 * Checkout, with the notice that blocks it while a line's price changed since the buyer added it, while a line
 * may not ship where the cart goes (`shippingNotice`), or while a line's nursery cannot be paid yet
 * (`paymentNotice`, from `paymentNoticeOf`), or while a line ships by freight (`freightNotice`, from
 * `freightNoticeOf`): the cart panel's and the cart page's, which differ only in the
 * notice's id. The button stays focusable while blocked (a click says why), so focus stays put when a refused
 * checkout turns it off.
 */
export function CheckoutButton({
  noticeId,
  pricesChanged,
  shippingNotice = null,
  paymentNotice = null,
  freightNotice = null,
  isPending,
  onCheckout,
}: {
  noticeId: string;
  pricesChanged: boolean;
  shippingNotice?: string | null;
  paymentNotice?: string | null;
  freightNotice?: string | null;
  isPending: boolean;
  onCheckout: () => void;
}) {
  const notices = pricesChanged
    ? ['A price changed since you added it: accept the new price to check out.']
    : [shippingNotice, paymentNotice, freightNotice].filter((n): n is string => n !== null);
  const onClick = () => {
    if (!pricesChanged && shippingNotice)
      toast({ title: "Some items can't ship there", description: shippingNotice, variant: 'destructive' });
    else if (!pricesChanged && paymentNotice)
      toast({
        title: "Some items can't be paid for yet",
        description: paymentNotice,
        variant: 'destructive',
      });
    else if (!pricesChanged && freightNotice)
      toast({ title: 'Some items ship by freight', description: freightNotice, variant: 'destructive' });
    else onCheckout();
  };
  const blocked = notices.length > 0;
  return (
    <>
      {blocked && (
        <div id={noticeId} className="grid gap-1 text-sm font-medium text-destructive">
          {notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      )}
      <Button
        size="lg"
        className="w-full aria-disabled:opacity-60"
        disabled={isPending}
        aria-disabled={blocked ? true : undefined}
        aria-describedby={blocked ? noticeId : undefined}
        onClick={onClick}
      >
        {isPending ? 'Placing order...' : 'Checkout'}
      </Button>
    </>
  );
}
