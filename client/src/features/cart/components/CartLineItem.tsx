import { QUANTITY_MAX } from '@domain/constants';
import { formatUSD, fromCents, toCents } from '@domain/money';
import { freightRefusal } from '@domain/shipping/rates';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { ProductThumbnail } from '@/components/ProductThumbnail';
import { ReadTheRule } from '@/components/ReadTheRule';
import { TextSeparator } from '@/components/TextSeparator';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/utils';
import { useAcceptCartPrice, useRemoveCartLine, useUpdateCartQuantity } from '../api';
import { hasPriceChange, type ShownCartLine } from '../cart-query';

interface CartLineItemProps {
  line: ShownCartLine;
  /** 'compact' in the side panel, 'full' on the cart page (a bigger picture and a labelled Remove). */
  size?: 'compact' | 'full';
  /** Runs when the title link is followed (the panel closes). */
  onNavigate?: () => void;
  /** Why this line may not ship where the cart goes ("Can't ship to CA: …"), with the rule's source, when it may not. */
  shippingProblem?: { text: string; sourceUrl: string | null };
}

/**
 * One cart line, in the panel and on the cart page: picture, title linking to the product, unit price,
 * quantity controls (1 to the units available), line total and Remove. Changes show at once. When the price moved
 * since the buyer added the line, the old price is struck through and a note offers to accept the new one. Why the
 * line may not ship where the cart goes, or may not be paid for yet (its nursery takes no payments), shows under it.
 */
export function CartLineItem({ line, size = 'compact', onNavigate, shippingProblem }: CartLineItemProps) {
  const { product } = line;
  const update = useUpdateCartQuantity();
  const remove = useRemoveCartLine();
  const full = size === 'full';
  const available = Math.min(product.inStock ? product.quantity : 0, QUANTITY_MAX);
  const lineTotal = fromCents(toCents(product.price) * line.quantity);
  const changed = hasPriceChange(line);

  return (
    <li className={cn('flex gap-3 sm:gap-4', full && 'py-5 first:pt-0 last:pb-0')}>
      <ProductThumbnail
        src={product.imageUrl}
        size={full ? 96 : 64}
        className={full ? 'size-16 sm:size-24' : 'size-16'}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className={cn('font-medium leading-snug', full ? 'text-base sm:text-lg' : 'line-clamp-2')}>
              <Link
                href={`/product/${product.id}`}
                onClick={onNavigate}
                className="rounded-sm hover:text-primary"
              >
                {product.title}
              </Link>
            </p>
            <p className="text-sm text-muted-foreground">
              {full && (
                <>
                  {product.variety}
                  <TextSeparator />
                </>
              )}
              {changed && (
                <>
                  <s className="tabular-nums">
                    <span className="sr-only">was </span>
                    {formatUSD(line.agreedPrice)}
                  </s>{' '}
                  <span className="sr-only">now </span>
                </>
              )}
              <span className="tabular-nums">{formatUSD(product.price)}</span> each
            </p>
          </div>
          <p className="shrink-0 font-semibold tabular-nums">
            <span className="sr-only">Line total: </span>
            {formatUSD(lineTotal)}
          </p>
        </div>
        {changed && <PriceChangeNote line={line} />}
        {shippingProblem && (
          <p className="text-sm font-medium text-destructive">
            {shippingProblem.text}
            {shippingProblem.sourceUrl && (
              <ReadTheRule href={shippingProblem.sourceUrl} className="whitespace-nowrap font-normal" />
            )}
          </p>
        )}
        {line.paymentProblem && <p className="text-sm font-medium text-destructive">{line.paymentProblem}</p>}
        {line.product.freight && (
          <p className="text-sm font-medium text-destructive">{freightRefusal(line.product.title)}</p>
        )}
        <StockNote available={available} quantity={line.quantity} />
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <CartQuantityControl
            title={product.title}
            quantity={line.quantity}
            max={available}
            onChange={(quantity) => update.mutate({ lineId: line.id, quantity })}
          />
          <Button
            variant="ghost"
            size={full ? 'sm' : 'icon'}
            aria-label={`Remove ${product.title}`}
            disabled={remove.isPending}
            onClick={() => remove.mutate(line.id)}
            className={cn('text-muted-foreground hover:text-destructive', !full && 'size-9')}
          >
            <Trash2 aria-hidden="true" />
            {full && 'Remove'}
          </Button>
        </div>
      </div>
    </li>
  );
}

/** Says how the price moved since the line was added (checkout refuses until accepted), with Accept. */
function PriceChangeNote({ line }: { line: ShownCartLine }) {
  const accept = useAcceptCartPrice();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p className="font-medium text-destructive">
        Price changed from {formatUSD(line.agreedPrice)} to {formatUSD(line.product.price)}
      </p>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Accept the new price of ${line.product.title}`}
        disabled={accept.isPending}
        onClick={() => accept.mutate(line)}
      >
        Accept new price
      </Button>
    </div>
  );
}

/** Says when the listing no longer has what the line holds (checkout would refuse it). */
function StockNote({ available, quantity }: { available: number; quantity: number }) {
  if (available >= quantity) return null;
  return (
    <p className="text-sm font-medium text-destructive">
      {available < 1 ? 'Out of stock' : `Only ${available} available`}
    </p>
  );
}

interface CartQuantityControlProps {
  title: string;
  quantity: number;
  /** Units available: increasing stops there. */
  max: number;
  onChange: (quantity: number) => void;
}

/** Minus, the quantity and plus; decreasing stops at 1 (docs/product.md#validation), increasing at the stock. */
export function CartQuantityControl({ title, quantity, max, onChange }: CartQuantityControlProps) {
  return (
    <fieldset className="inline-flex shrink-0 items-center rounded-md border border-input bg-background">
      <legend className="sr-only">Quantity of {title}</legend>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Decrease quantity of ${title}`}
        disabled={quantity <= 1}
        // Above the stock left (it fell since the line was added), one step goes down to what there is.
        onClick={() => onChange(quantity > max && max >= 1 ? max : quantity - 1)}
        className="size-9 rounded-r-none"
      >
        <Minus aria-hidden="true" />
      </Button>
      <span
        aria-live="polite"
        aria-atomic="true"
        className="min-w-10 border-x border-input px-2 text-center text-sm leading-9 font-medium tabular-nums"
      >
        <span className="sr-only">Quantity </span>
        {quantity}
      </span>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Increase quantity of ${title}`}
        disabled={quantity >= max}
        onClick={() => onChange(quantity + 1)}
        className="size-9 rounded-l-none"
      >
        <Plus aria-hidden="true" />
      </Button>
    </fieldset>
  );
}
