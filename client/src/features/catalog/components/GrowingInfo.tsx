import type { Product } from '@domain/catalog/responses';
import { Droplets, Fence, type LucideIcon, Sprout, Sun, Thermometer } from 'lucide-react';
import { Link } from 'wouter';

interface Tip {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Care that suits every dragon fruit (Selenicereus, formerly Hylocereus) sold here. */
const TIPS: readonly Tip[] = [
  {
    icon: Sun,
    title: 'Sunlight',
    text: 'Give the plant at least 6 hours of sun a day; full sun gives the most flowers. Where summers run above 100°F, 30-40% shade cloth in the afternoon prevents yellowed, sunburnt stems.',
  },
  {
    icon: Thermometer,
    title: 'Temperature',
    text: 'Dragon fruit grows best at 65-85°F. It tolerates short dips toward freezing but frost damages the stems: cover plants in the ground, or bring pots indoors, when nights fall below 32°F.',
  },
  {
    icon: Droplets,
    title: 'Watering',
    text: 'Plant in fast-draining cactus mix or sandy loam. Water deeply when the top 2 inches of soil are dry, about once a week in the growing season and much less in winter. Never let the roots sit in water: soggy soil causes root rot.',
  },
  {
    icon: Fence,
    title: 'Support',
    text: 'Dragon fruit is a climbing cactus. Give it a sturdy post 5-6 feet tall with a ring or frame on top, tie new stems loosely to the post as they grow, and let them cascade over the top, where they flower.',
  },
  {
    icon: Sprout,
    title: 'Fertiliser',
    text: 'Feed every 4-6 weeks from spring to late summer with a balanced fertiliser, switching to one lower in nitrogen and higher in phosphorus and potassium as flowering starts. A layer of compost or mulch keeps the shallow roots cool. Stop feeding in winter.',
  },
];

/** The Growing Info tab: static care advice, plus what this listing's pollination means. */
export function GrowingInfo({ product }: { product: Pick<Product, 'pollination'> }) {
  return (
    <div className="grid gap-6">
      <h2 className="text-2xl">Growing information</h2>
      <ul className="grid gap-5 sm:grid-cols-2">
        {TIPS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-sans text-base font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      {product.pollination && (
        <p className="rounded-lg bg-muted p-4 text-sm">
          {product.pollination === 'self'
            ? 'This variety is self-pollinating: a single plant can set fruit on its own, though hand pollination often gives bigger fruit.'
            : 'This variety is cross-pollinating: plant a second, compatible variety nearby and hand-pollinate the night-blooming flowers for fruit.'}{' '}
          <Link href="/guides/pollination" className="font-medium text-primary underline underline-offset-4">
            Read the pollination guide
          </Link>
        </p>
      )}
    </div>
  );
}
