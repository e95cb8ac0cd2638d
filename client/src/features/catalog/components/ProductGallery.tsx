import type { Photo, ProductDetail } from '@domain/catalog/responses';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { fallbackRef, listingImage, showIllustration } from '@/components/listing-image';
import { productImageAlt, VarietyBadge } from '@/components/ProductCard';
import { useHydrated } from '@/lib/server-render';
import { cn } from '@/lib/utils';

/** The picture's column: the page's width on a phone, half of it from 768 px, at most 584 px (max-w-7xl). */
const SIZES = '(min-width: 1280px) 584px, (min-width: 768px) 50vw, 100vw';
/** A swipe shorter than this is a tap or a wobble. */
const SWIPE_PX = 40;

/**
 * The product page's pictures (docs/product.md#product): the photo shown large over its blurred placeholder,
 * thumbnails as buttons to show each, arrow keys on them and swipes on the photo to move, and a "2 / 4" count.
 * Without photos, the listing's image as a card shows it. Rendered on the server too: nothing here reads window.
 */
export function ProductGallery({ product }: { product: ProductDetail }) {
  const { photos } = product;
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const swipe = useRef<number | null>(null);
  const hydrated = useHydrated();
  const alt = productImageAlt(product);
  const frame = 'relative aspect-[4/3] overflow-hidden rounded-xl border bg-muted';

  if (photos.length === 0) {
    return (
      <div className={frame}>
        <img
          {...listingImage(product)}
          alt={alt}
          width={800}
          height={600}
          fetchPriority="high"
          className="size-full object-cover"
        />
        <VarietyBadge variety={product.variety} className="absolute top-4 left-4" />
      </div>
    );
  }

  const count = photos.length;
  const photo = photos[index] ?? (photos[0] as Photo);
  const show = (next: number, focus = false) => {
    const to = (next + count) % count;
    setIndex(to);
    if (focus) thumbs.current[to]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      show(event.key === 'Home' ? 0 : count - 1, true);
    } else if (step) {
      event.preventDefault();
      show(index + step, true);
    }
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipe.current === null) return;
    const dx = event.clientX - swipe.current;
    swipe.current = null;
    if (Math.abs(dx) >= SWIPE_PX) show(index + (dx < 0 ? 1 : -1));
  };

  return (
    // content-start: in the page's two columns the gallery's cell is as tall as the details beside it.
    <div className="grid content-start gap-3">
      <div
        className={cn(frame, 'touch-pan-y select-none')}
        // A swipe only adds to the thumbnail buttons and arrow keys: nothing is lost without it.
        onPointerDown={(event) => {
          swipe.current = event.clientX;
        }}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      >
        <img
          key={photo.id}
          src={photo.url}
          srcSet={photo.srcset}
          sizes={SIZES}
          alt={count > 1 ? `${alt}, photo ${index + 1} of ${count}` : alt}
          width={photo.width}
          height={photo.height}
          fetchPriority={index === 0 ? 'high' : undefined}
          draggable={false}
          onError={(event) => showIllustration(event.currentTarget, product)}
          ref={fallbackRef(product)}
          style={{ backgroundImage: `url("${photo.placeholder}")`, backgroundSize: 'cover' }}
          className="size-full object-contain"
        />
        <VarietyBadge variety={product.variety} className="absolute top-4 left-4" />
        {count > 1 && (
          <p
            aria-hidden="true"
            className="absolute right-3 bottom-3 rounded-full bg-background/85 px-2.5 py-0.5 text-sm font-medium tabular-nums shadow-sm"
          >
            {index + 1} / {count}
          </p>
        )}
      </div>
      {count > 1 && (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {photos.map((p, i) => (
            <li key={p.id}>
              <button
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                type="button"
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-pressed={i === index}
                // The photos change by the page's code: not ready (disabled) until the page is adopted.
                disabled={!hydrated}
                onClick={() => show(i)}
                onKeyDown={onKeyDown}
                className={cn(
                  'block size-14 overflow-hidden rounded-md border-2 bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:size-16',
                  i === index ? 'border-primary' : 'border-transparent opacity-75 hover:opacity-100',
                  'disabled:cursor-default disabled:opacity-50',
                )}
              >
                <img
                  src={p.sizes[0]?.url ?? p.url}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  style={{ backgroundImage: `url("${p.placeholder}")`, backgroundSize: 'cover' }}
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
