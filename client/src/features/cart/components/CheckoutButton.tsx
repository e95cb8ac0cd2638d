import { Button } from '@/components/ui/Button';

/**
 * Checkout, with the notice that blocks it while a line's price changed since the buyer added it: the cart panel's
 * and the cart page's, which differ only in the notice's id. The button stays focusable while blocked (a click says
 * why), so focus stays put when a refused checkout turns it off.
 */
export function CheckoutButton({
  noticeId,
  pricesChanged,
  isPending,
  onCheckout,
}: {
  noticeId: string;
  pricesChanged: boolean;
  isPending: boolean;
  onCheckout: () => void;
}) {
  return (
    <>
      {pricesChanged && (
        <p id={noticeId} className="text-sm font-medium text-destructive">
          A price changed since you added it: accept the new price to check out.
        </p>
      )}
      <Button
        size="lg"
        className="w-full aria-disabled:opacity-60"
        disabled={isPending}
        aria-disabled={pricesChanged || undefined}
        aria-describedby={pricesChanged ? noticeId : undefined}
        onClick={onCheckout}
      >
        {isPending ? 'Placing order...' : 'Checkout'}
      </Button>
    </>
  );
}
