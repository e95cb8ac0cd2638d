import { CATALOG_FILTERS, type CatalogFilter } from '@domain/catalog/filters';
import { SORTS } from '@domain/catalog/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEPT_PARAMS } from '../../client/src/app/layout/SearchForm';
import { pageWindow } from '../../client/src/components/Pagination';
import {
  activeFilterChips,
  DEFAULT_FILTERS,
  DEFAULT_STATE,
  defaultFilters,
  facetsUrl,
  fromPending,
  type MarketplaceState,
  marketplaceHref,
  parseMarketplaceSearch,
  productListUrl,
  toMarketplaceSearch,
  toPending,
} from '../../client/src/features/catalog/url-state';

const state = (filters: Partial<MarketplaceState['filters']> = {}, rest: Partial<MarketplaceState> = {}) => ({
  ...DEFAULT_STATE,
  ...rest,
  filters: { ...DEFAULT_FILTERS, ...filters },
});

describe('marketplace URL state', () => {
  it('reads the filters of the spec from the URL', () => {
    const s = parseMarketplaceSearch(
      '?variety=Sugar%20Dragon,Yellow%20Dragon&organic=true&minPrice=10&sort=newest&page=3',
    );
    expect(s).toEqual(
      state(
        { variety: ['Sugar Dragon', 'Yellow Dragon'], organic: true, minPrice: 10 },
        { sort: 'newest', page: 3 },
      ),
    );
  });

  it('starts from the defaults: in stock only, popularity, page 1', () => {
    expect(parseMarketplaceSearch('')).toEqual(DEFAULT_STATE);
    expect(DEFAULT_FILTERS.inStock).toBe(true);
    expect(marketplaceHref(DEFAULT_STATE)).toBe('/marketplace');
  });

  it('keeps the good parameters and drops only the bad ones', () => {
    const s = parseMarketplaceSearch('form=seed&minPrice=abc&sort=bogus&page=0&variety=Banana');
    expect(s).toEqual(state({ form: ['seed'] }));
    const reversed = parseMarketplaceSearch('minPrice=50&maxPrice=10&organic=true');
    expect(reversed).toEqual(state({ organic: true }));
  });

  it('round-trips any state through the URL', () => {
    const list = <T>(xs: readonly T[]) => fc.uniqueArray(fc.constantFrom(...xs), { maxLength: xs.length });
    fc.assert(
      fc.property(
        // Every filter of the table: a list's options, a flag, a destination's place or none, a range's bounds
        // (min below max), and a search.
        fc.record({
          ...Object.fromEntries(
            (CATALOG_FILTERS as readonly CatalogFilter[]).flatMap(
              (f): Array<[string, fc.Arbitrary<unknown>]> =>
                f.kind === 'list'
                  ? [[f.key, list(f.options.map((o) => o.value))]]
                  : f.kind === 'flag'
                    ? [[f.key, fc.boolean()]]
                    : f.kind === 'destination'
                      ? [[f.key, fc.option(fc.constantFrom(...f.values), { nil: null })]]
                      : [
                          [f.min.param, fc.option(fc.integer({ min: 0, max: 200 }), { nil: null })],
                          [f.max.param, fc.option(fc.integer({ min: 200, max: 500 }), { nil: null })],
                        ],
            ),
          ),
          search: fc.constantFrom('', 'sugar', 'suger dragn', '12" cutting & more'),
        }) as fc.Arbitrary<MarketplaceState['filters']>,
        fc.constantFrom(...SORTS),
        fc.integer({ min: 1, max: 50 }),
        // The buyer's place, which a destination filter defaults to: unknown, or a state.
        fc.option(fc.constantFrom('CA', 'FL', 'TX', 'HI'), { nil: null }),
        // The storefront the page is, if any: its seller is the page's, never the query's.
        fc.option(fc.constantFrom('sunshine_pitaya', 'a.b-c', 'Odd Name&?#'), { nil: null }),
        (unscoped, sort, page, place, seller) => {
          const filters = { ...unscoped, seller };
          const s: MarketplaceState = { filters, sort, page };
          const defaults = defaultFilters(place, seller);
          const href = marketplaceHref(s, defaults);
          expect(href.split('?')[0]).toBe(
            seller === null ? '/marketplace' : `/sellers/${encodeURIComponent(seller)}`,
          );
          expect(new URLSearchParams(href.split('?')[1] ?? '').has('seller')).toBe(false);
          expect(productListUrl(s).includes(`seller=${encodeURIComponent(seller ?? '')}`)).toBe(
            seller !== null,
          );
          const back = parseMarketplaceSearch(toMarketplaceSearch(s, defaults), defaults);
          expect({ ...back.filters, variety: [...back.filters.variety].sort() }).toEqual({
            ...filters,
            variety: [...filters.variety].sort(),
          });
          expect(back.sort).toBe(sort);
          expect(back.page).toBe(page);
        },
      ),
    );
  });

  it('sends the API only the set filters, booleans only when true', () => {
    expect(productListUrl(DEFAULT_STATE)).toBe('/api/products?inStock=true&sort=popularity&page=1&limit=6');
    const off = state({ inStock: false, pesticideFree: true, form: ['cutting'] });
    expect(productListUrl(off)).not.toContain('inStock');
    expect(productListUrl(off)).toContain('pesticideFree=true');
    expect(toMarketplaceSearch(off)).toContain('inStock=false');
    expect(facetsUrl(off.filters)).toBe('/api/products/facets?form=cutting&pesticideFree=true');
  });
});

describe("the destination filter (ships to the buyer's state)", () => {
  const california = defaultFilters('CA');

  it('is on by default once the place is known, and the URL records only turning it off', () => {
    const on = parseMarketplaceSearch('', california);
    expect(on.filters.shipsTo).toBe('CA');
    expect(toMarketplaceSearch(on, california)).toBe('');
    expect(productListUrl(on)).toBe('/api/products?inStock=true&shipsTo=CA&sort=popularity&page=1&limit=6');
    expect(facetsUrl(on.filters)).toBe('/api/products/facets?inStock=true&shipsTo=CA');

    const off = { ...on, filters: { ...on.filters, shipsTo: null } };
    expect(toMarketplaceSearch(off, california)).toBe('shipsTo=any');
    expect(marketplaceHref(off, california)).toBe('/marketplace?shipsTo=any');
    expect(productListUrl(off)).not.toContain('shipsTo');
    expect(parseMarketplaceSearch('shipsTo=any', california).filters.shipsTo).toBeNull();
  });

  it('is off without a known place, whatever the URL departs from', () => {
    expect(parseMarketplaceSearch('').filters.shipsTo).toBeNull();
    expect(parseMarketplaceSearch('shipsTo=any').filters.shipsTo).toBeNull();
    expect(productListUrl(parseMarketplaceSearch('shipsTo=any'))).not.toContain('shipsTo');
    expect(activeFilterChips(DEFAULT_FILTERS)).toEqual([]);
  });

  it('takes a place the URL names, and falls back to the default on a bad one', () => {
    expect(parseMarketplaceSearch('shipsTo=TX', california).filters.shipsTo).toBe('TX');
    expect(parseMarketplaceSearch('shipsTo=tx').filters.shipsTo).toBe('TX');
    const bad = parseMarketplaceSearch('shipsTo=ZZ&organic=true', california);
    expect(bad.filters).toEqual({ ...california, organic: true });
  });

  it('has a chip while it departs from the default, which puts it back', () => {
    const off = { ...california, shipsTo: null };
    const [chip] = activeFilterChips(off, california);
    expect(chip?.label).toBe("Including what can't ship to CA");
    expect(chip?.remove(off).shipsTo).toBe('CA');
    expect(activeFilterChips(california, california)).toEqual([]);
    const texas = { ...california, shipsTo: 'TX' } as typeof california;
    expect(activeFilterChips(texas, california).map((c) => c.label)).toEqual(['Ships to Texas']);
  });
});

describe('active filter chips', () => {
  it('removes one item, both price bounds, and puts booleans back to their defaults', () => {
    const f = {
      ...DEFAULT_FILTERS,
      variety: ['Sugar Dragon', 'Red Jaina'],
      minPrice: 10,
      maxPrice: 50,
      organic: true,
      inStock: false,
    } as typeof DEFAULT_FILTERS;
    const chips = activeFilterChips(f);
    expect(chips.map((c) => c.label)).toEqual([
      'Sugar Dragon',
      'Red Jaina',
      'Organic',
      'Including out of stock',
      '$10.00 – $50.00',
    ]);
    const byId = (id: string) => chips.find((c) => c.id === id)?.remove(f);
    expect(byId('variety:Sugar Dragon')?.variety).toEqual(['Red Jaina']);
    expect(byId('price')).toMatchObject({ minPrice: null, maxPrice: null });
    expect(byId('organic')?.organic).toBe(false);
    expect(byId('inStock')?.inStock).toBe(true);
  });
});

describe('pending price edits', () => {
  it('treats an empty price as no bound and refuses a reversed or impossible range', () => {
    const p = toPending(DEFAULT_FILTERS);
    expect(fromPending({ ...p, minPrice: '', maxPrice: ' ' })).toEqual({
      ok: true,
      filters: DEFAULT_FILTERS,
    });
    expect(fromPending({ ...p, minPrice: '12.345' })).toMatchObject({
      ok: true,
      filters: { minPrice: 12.35 },
    });
    expect(fromPending({ ...p, minPrice: '50', maxPrice: '10' })).toEqual({
      ok: false,
      field: 'minPrice',
      message: 'Min price cannot be above max price',
    });
    expect(fromPending({ ...p, maxPrice: '-1' })).toMatchObject({ ok: false, field: 'maxPrice' });
    // Plain decimal only, as the API takes it: Number() would read these as 16, 1000 and 5.
    for (const text of ['0x10', '1e3', '0b101', 'Infinity'])
      expect(fromPending({ ...p, minPrice: text }), text).toMatchObject({ ok: false, field: 'minPrice' });
    expect(fromPending({ ...p, minPrice: ' 12.50 ' })).toMatchObject({
      ok: true,
      filters: { minPrice: 12.5 },
    });
  });
});

describe('pagination window', () => {
  it('shows at most 5 page numbers around the current page, never past either end', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('the filter panel sent as a plain form (before the page is adopted)', () => {
  it('reads one parameter per option, a ticked box over its hidden "off", and empty bounds as none', () => {
    const california = defaultFilters('CA');
    const sent =
      'search=pink&sort=price-low-high&variety=Sugar+Dragon&variety=Red+Jaina&form=seed&organic=true' +
      '&inStock=false&shipsTo=any&minPrice=&maxPrice=20';
    const { filters, sort } = parseMarketplaceSearch(sent, california);
    expect(sort).toBe('price-low-high');
    expect(filters.variety).toEqual(['Sugar Dragon', 'Red Jaina']);
    expect(filters.form).toEqual(['seed']);
    expect(filters.organic).toBe(true);
    expect(filters.inStock).toBe(false);
    expect(filters.shipsTo).toBeNull();
    expect(filters.minPrice).toBeNull();
    expect(filters.maxPrice).toBe(20);
    expect(filters.search).toBe('pink');
    // Ticked: the box's value comes after the hidden one and wins.
    const ticked = parseMarketplaceSearch('inStock=false&inStock=true&shipsTo=any&shipsTo=CA', california);
    expect(ticked.filters.inStock).toBe(true);
    expect(ticked.filters.shipsTo).toBe('CA');
    // The app's own URLs read as before.
    expect(parseMarketplaceSearch('variety=Sugar%20Dragon,Red%20Jaina').filters.variety).toEqual([
      'Sugar Dragon',
      'Red Jaina',
    ]);
  });
});

describe('the header search', () => {
  it("keeps exactly the destination filters' parameters (named there to keep zod out of the first paint)", () => {
    expect([...KEPT_PARAMS]).toEqual(
      (CATALOG_FILTERS as readonly CatalogFilter[]).filter((f) => f.kind === 'destination').map((f) => f.key),
    );
  });
});
