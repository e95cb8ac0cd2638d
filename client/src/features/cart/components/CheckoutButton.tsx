import { Button } from '@/components/ui/Button';
import { toast } from '@/components/ui/use-toast';

/**
 * Checkout, with the notice that blocks it while a line's price changed since the buyer added it, or while a line
 * may not ship where the cart goes (`shippingNotice`): the cart panel's and the cart page's, which differ only in
 * the notice's id. The button stays focusable while blocked (a click says why), so focus stays put when a refused
 * checkout turns it off.
 */
export function CheckoutButton({
  noticeId,
  pricesChanged,
  shippingNotice = null,
  isPending,
  onCheckout,
}: {
  noticeId: string;
  pricesChanged: boolean;
  shippingNotice?: string | null;
  isPending: boolean;
  onCheckout: () => void;
}) {
  const notice = pricesChanged
    ? 'A price changed since you added it: accept the new price to check out.'
    : shippingNotice;
  const onClick = () => {
    if (!pricesChanged && shippingNotice)
      toast({ title: "Some items can't ship there", description: shippingNotice, variant: 'destructive' });
    else onCheckout();
  };
  return (
    <>
      {notice && (
        <p id={noticeId} className="text-sm font-medium text-destructive">
          {notice}
        </p>
      )}
      <Button
        size="lg"
        className="w-full aria-disabled:opacity-60"
        disabled={isPending}
        aria-disabled={notice ? true : undefined}
        aria-describedby={notice ? noticeId : undefined}
        onClick={onClick}
      >
        {isPending ? 'Placing order...' : 'Checkout'}
      </Button>
    </>
  );
}
