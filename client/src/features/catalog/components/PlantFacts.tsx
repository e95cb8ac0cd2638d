import type { Product } from '@domain/catalog/responses';
import { SHIPS_AS_LABELS } from '@domain/constants';
import { CALLUSED_SHIPS_AS } from '@domain/listings/plant-facts';

type PlantFactsProduct = Pick<
  Product,
  'shipsAs' | 'rooted' | 'callused' | 'lengthInches' | 'segments' | 'grafted' | 'rootstock' | 'pollination'
>;

/** What buyers choose a plant by, as name and value; only what the listing says (docs/product.md#product). */
function plantFactRows(product: PlantFactsProduct): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['Ships as', SHIPS_AS_LABELS[product.shipsAs]],
    ['Roots', product.rooted ? 'Rooted' : 'Unrooted'],
  ];
  // Callused or not says something only of a cutting that travels without roots.
  if (product.shipsAs === CALLUSED_SHIPS_AS)
    rows.push(['Callused', product.callused ? 'Callused' : 'Not callused']);
  if (product.lengthInches !== null)
    rows.push(['Length', `${product.lengthInches} ${product.lengthInches === 1 ? 'inch' : 'inches'}`]);
  if (product.segments !== null)
    rows.push(['Segments', `${product.segments} ${product.segments === 1 ? 'segment' : 'segments'}`]);
  if (product.grafted)
    rows.push(['Grafted', product.rootstock ? `Grafted on ${product.rootstock}` : 'Grafted']);
  if (product.pollination)
    rows.push(['Pollination', product.pollination === 'self' ? 'Self-fertile' : 'Needs a pollinator']);
  return rows;
}

/** The listing's plant facts: how it ships, rooted, callused, length, segments, graft and pollination. */
export function PlantFacts({ product }: { product: PlantFactsProduct }) {
  return (
    <section aria-labelledby="plant-facts-heading" className="rounded-lg border bg-card p-4">
      <h2 id="plant-facts-heading" className="font-sans text-base font-semibold">
        Plant facts
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {plantFactRows(product).map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-muted-foreground">{name}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
