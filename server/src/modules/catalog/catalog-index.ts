/**
 * The catalog's counts held in memory (docs/decisions/0041-catalog-facets-in-memory.md): every visible listing in a
 * group with the listings that share each list and flag value and the places they may not ship to, each group's
 * listings sorted by price. A filter set's facets and total are counted over the groups (a few tens of thousands at a
 * million listings), a price range by two binary searches in each group's prices: the same answers as the statements
 * of facets.ts, in about a millisecond at a million listings instead of a second.
 *
 * A change is applied by reading the changed listings again by id (`apply`): a listing that left its group is counted
 * out of it, one with new values is counted listing by listing, until the groups are built again (`build`).
 * Everything is derived from CATALOG_FILTERS: a new list or flag filter needs no code here.
 */
import {
  CATALOG_FILTERS,
  type CatalogFilter,
  type CatalogFilters,
  type DestinationFilter,
  filterValues,
  type ListFilter,
  type RangeFilter,
} from '@domain/catalog/filters';
import type { CatalogFacets } from '@domain/catalog/responses';
import type { Sort } from '@domain/catalog/schemas';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connect';
import { products } from '../../db/schema';
import { type ResolvedSearch, searchCondition, searchRank } from './search';

const FILTERS = CATALOG_FILTERS as readonly CatalogFilter[];
const LISTS = FILTERS.filter((f): f is ListFilter => f.kind === 'list');
const FLAGS = FILTERS.filter((f) => f.kind === 'flag');
const DESTINATIONS = FILTERS.filter((f): f is DestinationFilter => f.kind === 'destination');
const RANGES = FILTERS.filter((f): f is RangeFilter => f.kind === 'range');
if (
  DESTINATIONS.length !== 1 ||
  RANGES.length !== 1 ||
  FLAGS.length > 30 ||
  LISTS.some((l) => l.options.length > 30)
)
  throw new Error(
    'the catalog index counts one destination, one range, up to 30 flags and 30 options a list',
  );
const DESTINATION = DESTINATIONS[0] as DestinationFilter;
const RANGE = RANGES[0] as RangeFilter;
const L = LISTS.length;

/** A products column's SQL name, from its property on the table. */
const columnName = (property: string) =>
  (products as unknown as Record<string, { name: string }>)[property]?.name ?? property;

/** One listing as the index keeps it. */
interface Listing {
  id: number;
  sellerId: number;
  /** Per list filter, the index of its option (-1: none). */
  options: Int8Array;
  /** Bit i: flag i is true. */
  flags: number;
  /** The set of places it may not go to, as an index into CatalogIndex's table of such sets. */
  blocked: number;
  /** The range's column (price in cents). */
  value: number;
  /** What the list's sorts order by besides the value: units sold, and when it was listed (in microseconds). */
  sold: number;
  created: number;
}

/** Bits of a listing's combination: each list's option (its index + 1, 0 for none), then one bit per flag. */
const LIST_BITS = LISTS.map((l) => Math.ceil(Math.log2(l.options.length + 2)));
const COMBO_BITS = LIST_BITS.reduce((a, b) => a + b, 0) + FLAGS.length;
if (COMBO_BITS > 31) throw new Error('the catalog index packs every list and flag of a listing into 31 bits');
/** The sets of places a group's listings may not go to are told apart up to this many (2^22). */
const BLOCKED_SETS_MAX = 2 ** 22;

function unpackCombo(combo: number, options: Int8Array, at: number): number {
  let shift = 0;
  for (let i = 0; i < L; i++) {
    const bits = LIST_BITS[i] as number;
    options[at + i] = ((combo >>> shift) & ((1 << bits) - 1)) - 1;
    shift += bits;
  }
  return combo >>> shift;
}

/** The inverse of unpackCombo: a listing's options (from `at`) and flags as one number. */
function packCombo(options: Int8Array, at: number, flags: number): number {
  let combo = 0;
  let shift = 0;
  for (let i = 0; i < L; i++) {
    combo |= ((options[at + i] as number) + 1) << shift;
    shift += LIST_BITS[i] as number;
  }
  return (combo | (flags << shift)) >>> 0;
}

/** The visible listings as read, by id: what each one is counted by. */
interface Compact {
  ids: Int32Array;
  sellers: Int32Array;
  combos: Int32Array;
  blocked: Int32Array;
  values: Int32Array;
  sold: Int32Array;
  created: Float64Array;
}

/** Groups of listings, flat: one entry per group (per group and list filter), their values sorted end to end. */
class Groups {
  readonly count: number;
  readonly options: Int8Array;
  readonly flags: Int32Array;
  readonly blocked: Int32Array;
  /** Group g's listings are [start[g], start[g + 1]) of `values` and `ids`, by value then id. */
  readonly start: Int32Array;
  readonly values: Int32Array;
  readonly ids: Int32Array;
  /** Beside `values` and `ids`: what the list's other sorts order by (units sold, when listed). */
  readonly sold: Int32Array;
  readonly created: Float64Array;
  /** Beside `values` and `ids`: the group of each (for walking them in a sort's order, `ordered`). */
  readonly groupAt: Int32Array;
  /** The listings in a sort's order, as indexes into `values` and `ids`: made when first asked for, then kept. */
  private readonly orders = new Map<'price' | 'popularity' | 'newest', Int32Array>();

  /**
   * Groups the listings at `order`'s positions of `c` (in order of value, then id); `placed[position]` is set to
   * each one's group.
   */
  constructor(c: Compact, order: ArrayLike<number>, placed: Int32Array) {
    const groupOf = new Map<number, number>();
    const sizes: number[] = [];
    const keys: number[] = [];
    for (let k = 0; k < order.length; k++) {
      const pos = order[k] as number;
      const key = (c.combos[pos] as number) * BLOCKED_SETS_MAX + (c.blocked[pos] as number);
      let g = groupOf.get(key);
      if (g === undefined) {
        g = sizes.length;
        groupOf.set(key, g);
        sizes.push(0);
        keys.push(pos);
      }
      sizes[g] = (sizes[g] as number) + 1;
      placed[pos] = g;
    }
    this.count = sizes.length;
    this.options = new Int8Array(this.count * L);
    this.flags = new Int32Array(this.count);
    this.blocked = new Int32Array(this.count);
    this.start = new Int32Array(this.count + 1);
    for (let g = 0; g < this.count; g++) {
      const pos = keys[g] as number;
      this.flags[g] = unpackCombo(c.combos[pos] as number, this.options, g * L);
      this.blocked[g] = c.blocked[pos] as number;
      this.start[g + 1] = (this.start[g] as number) + (sizes[g] as number);
    }
    this.values = new Int32Array(order.length);
    this.ids = new Int32Array(order.length);
    this.sold = new Int32Array(order.length);
    this.created = new Float64Array(order.length);
    this.groupAt = new Int32Array(order.length);
    const next = this.start.slice(0, this.count);
    for (let k = 0; k < order.length; k++) {
      const pos = order[k] as number;
      const g = placed[pos] as number;
      const at = next[g] as number;
      next[g] = at + 1;
      this.values[at] = c.values[pos] as number;
      this.ids[at] = c.ids[pos] as number;
      this.sold[at] = c.sold[pos] as number;
      this.created[at] = c.created[pos] as number;
      this.groupAt[at] = g;
    }
  }

  /**
   * The listings in the order of `sort` (as the list's ORDER BY: ties by id), as indexes into `values` and `ids`;
   * price high to low is price low to high read backwards. Sorted when first asked for (at a million listings,
   * about half a second), then kept.
   */
  ordered(sort: Sort): Int32Array {
    const key =
      sort === 'price-low-high' || sort === 'price-high-low'
        ? 'price'
        : sort === 'newest'
          ? 'newest'
          : 'popularity';
    let order = this.orders.get(key);
    if (order) return order;
    const { values, ids, sold, created } = this;
    order = Int32Array.from({ length: ids.length }, (_, k) => k);
    if (key === 'price')
      order.sort(
        (a, b) => (values[a] as number) - (values[b] as number) || (ids[a] as number) - (ids[b] as number),
      );
    else if (key === 'newest')
      order.sort(
        (a, b) => (created[b] as number) - (created[a] as number) || (ids[b] as number) - (ids[a] as number),
      );
    else
      order.sort(
        (a, b) =>
          (sold[b] as number) - (sold[a] as number) ||
          (created[b] as number) - (created[a] as number) ||
          (ids[b] as number) - (ids[a] as number),
      );
    this.orders.set(key, order);
    return order;
  }

  static empty(): Groups {
    const none = new Int32Array(0);
    return new Groups(
      {
        ids: none,
        sellers: none,
        combos: none,
        blocked: none,
        values: none,
        sold: none,
        created: new Float64Array(0),
      },
      none,
      none,
    );
  }
}

/**
 * The visible listings a search matches: their ids, sorted, and beside each its relevance to the search (ts_rank, a
 * float4 as PostgreSQL computes it, so ordering by it here orders as the list's statements do).
 */
export interface SearchMatches {
  ids: Int32Array;
  ranks: Float32Array;
}

/** What the index says of a list: how many match, and the ids of the page. */
export interface IndexedPage {
  total: number;
  ids: number[];
}

/** What a filter set asks, ready for counting. */
interface Query {
  /** Per list filter: the chosen options as bits, or -1 when the filter is not set. */
  allowed: Int32Array;
  active: number[];
  required: number;
  /** Per set of blocked places: 1 when it holds the chosen place (no place chosen: all 0). */
  hides: Uint8Array;
  lo: number | null;
  hi: number | null;
}

/** The counts being added up for one filter set. */
class Tally {
  readonly options = new Float64Array(L * 32);
  readonly flags = new Float64Array(FLAGS.length);
  matching = 0;
  hidden = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
}

/**
 * Which filter of `q` a listing with these values fails, besides the range: -1 none, a list's index, FAILS_FLAG,
 * FAILS_PLACE, or FAILS_TWO when it fails two or more.
 */
const FAILS_FLAG = 100;
const FAILS_PLACE = 1000;
const FAILS_TWO = -2;
function failing(q: Query, options: Int8Array, base: number, flags: number, blocked: number): number {
  let failed = -1;
  for (let k = 0; k < q.active.length; k++) {
    const i = q.active[k] as number;
    const o = options[base + i] as number;
    if (o < 0 || ((q.allowed[i] as number) & (1 << o)) === 0) {
      if (failed !== -1) return FAILS_TWO;
      failed = i;
    }
  }
  const missing = q.required & ~flags;
  if (missing !== 0) {
    if (failed !== -1 || (missing & (missing - 1)) !== 0) return FAILS_TWO;
    failed = FAILS_FLAG;
  }
  if (q.hides[blocked] === 1) {
    if (failed !== -1) return FAILS_TWO;
    failed = FAILS_PLACE;
  }
  return failed;
}

/** Adds `n` listings with these values, which fail `failed` of the filters (see failing), to the tally. */
function add(t: Tally, failed: number, options: Int8Array, base: number, flags: number, n: number): void {
  if (failed === -1) {
    for (let i = 0; i < L; i++) {
      const o = options[base + i] as number;
      if (o >= 0) t.options[i * 32 + o] = (t.options[i * 32 + o] as number) + n;
    }
    for (let i = 0; i < t.flags.length; i++) if (flags & (1 << i)) t.flags[i] = (t.flags[i] as number) + n;
    t.matching += n;
  } else if (failed < FAILS_FLAG) {
    const o = options[base + failed] as number;
    if (o >= 0) t.options[failed * 32 + o] = (t.options[failed * 32 + o] as number) + n;
  } else if (failed === FAILS_PLACE) t.hidden += n;
  // A failed flag adds nothing: that flag's own count asks for the flag, which these listings lack.
}

const inRange = (q: Query, value: number) =>
  (q.lo === null || value >= q.lo) && (q.hi === null || value <= q.hi);

/** Whether a listing counted one by one matches every filter of `q`, the range included. */
const listingMatches = (q: Query, l: Listing) =>
  inRange(q, l.value) && failing(q, l.options, 0, l.flags, l.blocked) === -1;

/**
 * The first `k` listings offered, in a sort's order (as the list's ORDER BY: ties by id), kept best first: a listing
 * after the k-th is turned away by one comparison.
 */
export class TopK {
  readonly ids: number[] = [];
  private readonly values: number[] = [];
  private readonly sold: number[] = [];
  private readonly created: number[] = [];

  constructor(
    readonly k: number,
    private readonly sort: Sort,
  ) {}

  /** Whether the listing with these keys comes before the i-th kept. */
  private before(id: number, value: number, sold: number, created: number, i: number): boolean {
    const otherId = this.ids[i] as number;
    switch (this.sort) {
      case 'price-low-high': {
        const v = this.values[i] as number;
        return value < v || (value === v && id < otherId);
      }
      case 'price-high-low': {
        const v = this.values[i] as number;
        return value > v || (value === v && id > otherId);
      }
      case 'newest': {
        const c = this.created[i] as number;
        return created > c || (created === c && id > otherId);
      }
      default: {
        const s = this.sold[i] as number;
        if (sold !== s) return sold > s;
        const c = this.created[i] as number;
        return created > c || (created === c && id > otherId);
      }
    }
  }

  offer(id: number, value: number, sold: number, created: number): void {
    const n = this.ids.length;
    if (this.k === 0 || (n === this.k && !this.before(id, value, sold, created, n - 1))) return;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.before(id, value, sold, created, mid)) hi = mid;
      else lo = mid + 1;
    }
    this.ids.splice(lo, 0, id);
    this.values.splice(lo, 0, value);
    this.sold.splice(lo, 0, sold);
    this.created.splice(lo, 0, created);
    if (n === this.k) {
      this.ids.pop();
      this.values.pop();
      this.sold.pop();
      this.created.pop();
    }
  }
}

/** The counts of one scope (the whole catalog, or one seller's listings): its groups and the changes since. */
class Scope {
  /** Listings of the groups counted out since they were built (changed, archived or deleted), by id. */
  readonly removed = new Map<number, { group: number; value: number }>();
  /** Listings counted one by one: new, or changed since the groups were built, by id. */
  readonly added = new Map<number, Listing>();

  constructor(readonly groups: Groups) {}

  count(q: Query): Tally {
    const t = new Tally();
    const g = this.groups;
    for (let i = 0; i < g.count; i++) {
      const flags = g.flags[i] as number;
      const failed = failing(q, g.options, i * L, flags, g.blocked[i] as number);
      if (failed === FAILS_TWO) continue;
      const from = g.start[i] as number;
      const to = g.start[i + 1] as number;
      if (failed === -1) this.extent(t, from, to);
      const n =
        (q.hi === null ? to : firstAtLeast(g.values, from, to, q.hi + 1)) -
        (q.lo === null ? from : firstAtLeast(g.values, from, to, q.lo));
      if (n > 0) add(t, failed, g.options, i * L, flags, n);
    }
    for (const { group, value } of this.removed.values()) {
      if (!inRange(q, value)) continue;
      const failed = failing(q, g.options, group * L, g.flags[group] as number, g.blocked[group] as number);
      if (failed !== FAILS_TWO) add(t, failed, g.options, group * L, g.flags[group] as number, -1);
    }
    for (const l of this.added.values()) {
      const failed = failing(q, l.options, 0, l.flags, l.blocked);
      if (failed === FAILS_TWO) continue;
      if (failed === -1) {
        t.min = Math.min(t.min, l.value);
        t.max = Math.max(t.max, l.value);
      }
      if (inRange(q, l.value)) add(t, failed, l.options, 0, l.flags, 1);
    }
    return t;
  }

  /** Offers every listing matching every filter of `q`, the range included, to `top`. */
  collect(q: Query, top: TopK): void {
    const g = this.groups;
    const removed = this.removed.size > 0 ? this.removed : null;
    for (let i = 0; i < g.count; i++) {
      if (failing(q, g.options, i * L, g.flags[i] as number, g.blocked[i] as number) !== -1) continue;
      const from = g.start[i] as number;
      const to = g.start[i + 1] as number;
      const a = q.lo === null ? from : firstAtLeast(g.values, from, to, q.lo);
      const b = q.hi === null ? to : firstAtLeast(g.values, from, to, q.hi + 1);
      for (let k = a; k < b; k++) {
        const id = g.ids[k] as number;
        if (!removed?.has(id))
          top.offer(id, g.values[k] as number, g.sold[k] as number, g.created[k] as number);
      }
    }
    for (const l of this.added.values())
      if (listingMatches(q, l)) top.offer(l.id, l.value, l.sold, l.created);
  }

  /**
   * The first `end` listings matching every filter of `q`, the range included, in the order of `sort`: the groups'
   * listings walked in that order (Groups.ordered) until `end` match, which takes about `end` times the scope's size
   * over the number that match, merged with the listings changed since the groups were built. With `among` (a set of
   * ids, `idSet`), only those.
   */
  walk(
    q: Query,
    sort: Sort,
    end: number,
    among: Uint32Array | null = null,
    passes: Uint8Array = this.passing(q),
  ): number[] {
    const g = this.groups;
    const order = g.ordered(sort);
    const lo = q.lo ?? Number.NEGATIVE_INFINITY;
    const hi = q.hi ?? Number.POSITIVE_INFINITY;
    const removed = this.removed.size > 0 ? this.removed : null;
    const found: number[] = [];
    // In price order, the walk starts at the range's end it walks from (found by binary search) and stops at its other.
    let from = 0;
    let to = order.length;
    if (sort === 'price-low-high' || sort === 'price-high-low') {
      if (q.lo !== null) from = firstInOrder(g.values, order, q.lo);
      if (q.hi !== null) to = firstInOrder(g.values, order, q.hi + 1);
    }
    const backwards = sort === 'price-high-low';
    for (let j = 0; j < to - from && found.length < end; j++) {
      const k = order[backwards ? to - 1 - j : from + j] as number;
      if (passes[g.groupAt[k] as number] === 0) continue;
      const value = g.values[k] as number;
      if (value < lo || value > hi) continue;
      const id = g.ids[k] as number;
      if (among && !has(among, id)) continue;
      if (removed?.has(id)) continue;
      found.push(k);
    }
    const added = [...this.added.values()].filter(
      (l) => listingMatches(q, l) && (!among || has(among, l.id)),
    );
    if (added.length === 0) return found.map((k) => g.ids[k] as number);
    const top = new TopK(end, sort);
    for (const k of found)
      top.offer(g.ids[k] as number, g.values[k] as number, g.sold[k] as number, g.created[k] as number);
    for (const l of added) top.offer(l.id, l.value, l.sold, l.created);
    return top.ids;
  }

  /** Per group, 1 when its listings pass every filter of `q` but the range. */
  passing(q: Query): Uint8Array {
    const g = this.groups;
    const passes = new Uint8Array(g.count);
    for (let i = 0; i < g.count; i++)
      passes[i] = failing(q, g.options, i * L, g.flags[i] as number, g.blocked[i] as number) === -1 ? 1 : 0;
    return passes;
  }

  /** How many listings match every filter of `q` (count's `matching` alone, without the other counts). */
  matching(q: Query, passes: Uint8Array = this.passing(q)): number {
    let n = 0;
    const g = this.groups;
    for (let i = 0; i < g.count; i++) {
      if (passes[i] === 0) continue;
      const from = g.start[i] as number;
      const to = g.start[i + 1] as number;
      n +=
        (q.hi === null ? to : firstAtLeast(g.values, from, to, q.hi + 1)) -
        (q.lo === null ? from : firstAtLeast(g.values, from, to, q.lo));
    }
    for (const { group, value } of this.removed.values())
      if (
        inRange(q, value) &&
        failing(q, g.options, group * L, g.flags[group] as number, g.blocked[group] as number) === -1
      )
        n--;
    for (const l of this.added.values()) if (listingMatches(q, l)) n++;
    return n;
  }

  /** The lowest and highest value of a group's listings still in it. */
  private extent(t: Tally, from: number, to: number): void {
    const { values, ids } = this.groups;
    for (let k = from; k < to; k++)
      if (!this.removed.has(ids[k] as number)) {
        t.min = Math.min(t.min, values[k] as number);
        break;
      }
    for (let k = to - 1; k >= from; k--)
      if (!this.removed.has(ids[k] as number)) {
        t.max = Math.max(t.max, values[k] as number);
        break;
      }
  }
}

/** A set of ids as bits (ids are positive 32-bit integers, and a catalog's are dense). */
function idSet(ids: Int32Array): Uint32Array {
  let max = 0;
  for (let i = 0; i < ids.length; i++) max = Math.max(max, ids[i] as number);
  const bits = new Uint32Array((max >>> 5) + 1);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    bits[id >>> 5] = (bits[id >>> 5] as number) | (1 << (id & 31));
  }
  return bits;
}

function has(bits: Uint32Array, id: number): boolean {
  const word = id >>> 5;
  return word < bits.length && ((bits[word] as number) & (1 << (id & 31))) !== 0;
}

/** The first position of `order` (indexes into `values`, in order of value) whose value is at least v. */
function firstInOrder(values: Int32Array, order: Int32Array, v: number): number {
  let a = 0;
  let b = order.length;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if ((values[order[mid] as number] as number) < v) a = mid + 1;
    else b = mid;
  }
  return a;
}

/** The first index in [lo, hi) of the sorted `values` whose value is at least v. */
function firstAtLeast(values: Int32Array, lo: number, hi: number, v: number): number {
  let a = lo;
  let b = hi;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if ((values[mid] as number) < v) a = mid + 1;
    else b = mid;
  }
  return a;
}

/** Searches whose matching ids are kept (see CatalogIndex.matching), and their ids in all (4 bytes each). */
const MATCHES_KEPT = 200;
const MATCHES_KEPT_IDS = 2_000_000;
/** Search terms whose resolution is kept (CatalogIndex.resolve). */
const SEARCHES_KEPT = 1_000;

/** A page ending further than this many listings in is found by walking a sort's order (CatalogIndex.page). */
const TOP_K_MOST = 1_000;

/** Listings read a batch at a time when the groups are built. */
const READ_BATCH = 20_000;
/** The positions of listings, and the values (cents, at most MAX_PRICE dollars) fit in a sort key of 2^53. */
const POSITIONS_MAX = 2 ** 24;

/** A row as the index reads it. */
type Row = Record<string, unknown> & { id: number; seller_id: number };

/** A listing's combination (LIST_BITS' layout) computed by PostgreSQL: a number read instead of a dozen texts and flags. */
function comboSql(): string {
  const parts: string[] = [];
  let shift = 0;
  LISTS.forEach((l, i) => {
    const cases = l.options.map((o, j) => `when '${o.value.replace(/'/g, "''")}' then ${j + 1}`).join(' ');
    parts.push(`((case ${columnName(l.column)} ${cases} else 0 end) << ${shift})`);
    shift += LIST_BITS[i] as number;
  });
  FLAGS.forEach((f, i) => {
    parts.push(`((${columnName(f.column)})::int << ${shift + i})`);
  });
  return parts.join(' | ');
}

// The places as one text (a set written in another order is another set: counted the same, in a group of its own).
// The time listed in microseconds, as PostgreSQL keeps it (exact in a double until the year 2255).
const SELECT = sql.raw(
  `select id, seller_id, ${comboSql()} as combo, ${columnName(RANGE.column)} as value,
          array_to_string(${columnName(DESTINATION.column)}, ',') as places,
          units_sold as sold, (extract(epoch from created_at) * 1000000)::bigint as created
   from products where archived_at is null`,
);

/** Where each listing of the groups is, by id (sorted), for counting it out of them when it changes. */
class Placement {
  constructor(
    readonly ids: Int32Array,
    readonly group: Int32Array,
    readonly sellerGroup: Int32Array,
    readonly seller: Int32Array,
    readonly value: Int32Array,
    readonly sold: Int32Array,
    readonly created: Float64Array,
  ) {}

  /** The position of a listing's id, or -1 when it is not in the groups. */
  find(id: number): number {
    const k = firstAtLeast(this.ids, 0, this.ids.length, id);
    return k < this.ids.length && this.ids[k] === id ? k : -1;
  }
}

/** The groups as built, and where each listing of them is. */
interface Built {
  all: Scope;
  sellers: Map<number, Scope>;
  placement: Placement;
}

/** A sync notification sent and not yet heard back, and the reads waiting for it. */
interface Sync {
  token: string | null;
  done: Promise<boolean>;
  finish(heard: boolean): void;
}

/** What the index is given besides the database. */
export interface CatalogIndexOptions {
  /** The channel whose notifications the index is given (`heard`): `fresh` sends its syncs there. */
  channel?: string;
  /**
   * The catalog read pool (Database.catalogDb), for a search's matches: planned for its word, with no sequential
   * scan and no JIT (a generic or a default plan read a broad word's quarter of a million listings in a parallel
   * sequential scan, JIT-compiled). The index's own database when not given.
   */
  reads?: Db;
  /** A build that failed (the catalog answers from the statements meanwhile). */
  onError?: (error: unknown) => void;
  /** Changes counted one by one before the groups are built again in the background. */
  rebuildAt?: number;
  /** How long `fresh` waits to hear its own sync before the read goes to the statements, in milliseconds. */
  syncTimeoutMs?: number;
}

/** The prefix of a notification naming changed listings ('p:1,2,3'), and the one that names too many ('p:*'). */
const CHANGED = 'p:';
const CHANGED_MANY = 'p:*';
const SYNC = 'sync:';

export class CatalogIndex {
  private built: Built | null = null;
  /** The sets of places listings may not go to, each once: a listing keeps the index of its own. */
  private readonly blockedSets: string[][] = [];
  private readonly blockedIndex = new Map<string, number>();
  /** Changes (and the swap of a finished build) are applied one at a time, in the order they were heard. */
  private queue: Promise<void> = Promise.resolve();
  /** A build under way, and the listings heard changed since it began (applied again once it is in place). */
  private building: Promise<void> | null = null;
  private changedSinceBuild: Set<number> | null = null;
  private buildingEpoch = 0;
  /** Counts what made the groups obsolete (a lost listener, a change too large to apply): a build older is dropped. */
  private epoch = 0;
  private listening = false;
  /** This instance's own sync notifications: `sync:<instance>:<n>`. */
  private readonly instance = Math.random().toString(36).slice(2, 10);
  private syncs = 0;
  private syncInFlight: Sync | null = null;
  private syncNext: Sync | null = null;
  private readonly rebuildAt: number;
  private readonly syncTimeoutMs: number;
  /**
   * The ids of the listings each recent search matched (by resolved full-text query), sorted; emptied by every change
   * (a listing's words may have changed). `changesHeard` tells a read that overlapped a change not to keep it.
   */
  private readonly matches = new Map<string, SearchMatches>();
  /** The reads of matches under way, by resolved query. */
  private readonly readingMatches = new Map<string, Promise<SearchMatches>>();
  /** Each kept search's matches grouped (searchScope), per seller, for the build they were grouped in. */
  private readonly searchScopes = new WeakMap<
    SearchMatches,
    { built: Built; bySeller: Map<number | null, Scope> }
  >();
  /**
   * How `page` finds a page's listings: the cheaper way for its numbers, or always one way (tests compare the two).
   */
  pageWay: 'cheaper' | 'top' | 'walk' = 'cheaper';
  /** Each kept search's matches as a set of ids (idSetOf). */
  private readonly idSets = new WeakMap<SearchMatches, Uint32Array>();
  private changesHeard = 0;
  /** Search terms resolved since the last change (`resolve`), oldest first. */
  private readonly searches = new Map<string, Promise<ResolvedSearch | null>>();

  constructor(
    private readonly db: Db,
    private readonly options: CatalogIndexOptions = {},
  ) {
    this.rebuildAt = options.rebuildAt ?? 5_000;
    this.syncTimeoutMs = options.syncTimeoutMs ?? 1_000;
  }

  /** Whether the groups are built: until then, and after `reset`, the counts are the statements' (facets.ts). */
  get ready(): boolean {
    return this.built !== null;
  }

  /**
   * Reads every visible listing and builds the groups from them. The groups in place (if any) keep answering
   * meanwhile; the listings heard changed during the build are read again once it is in place.
   */
  build(): Promise<void> {
    if (this.building)
      return this.buildingEpoch === this.epoch
        ? this.building
        : // Made obsolete while it runs: the one after it.
          this.building.catch(() => {}).then(() => this.build());
    const epoch = this.epoch;
    this.buildingEpoch = epoch;
    this.changedSinceBuild = new Set();
    const run = async () => {
      const next = await this.readAndGroup();
      await this.enqueue(async () => {
        const since = [...(this.changedSinceBuild ?? [])];
        this.changedSinceBuild = null;
        if (epoch !== this.epoch) return;
        this.built = next;
        await this.applyNow(since);
      });
    };
    const building = run().finally(() => {
      this.building = null;
      this.changedSinceBuild = null;
      // Made obsolete while it ran (the listener came back, or a large change): once more.
      if (epoch !== this.epoch && this.built === null && this.listening) void this.buildInBackground();
    });
    this.building = building;
    return building;
  }

  private buildInBackground(): Promise<void> {
    return this.build().catch((error: unknown) => this.options.onError?.(error));
  }

  private async readAndGroup(): Promise<Built> {
    const c = await this.readAll();
    const n = c.ids.length;
    // Every listing's position, by value then id (the positions are in id order): one sort of numbers.
    const keyed = new Float64Array(n);
    for (let pos = 0; pos < n; pos++) keyed[pos] = (c.values[pos] as number) * POSITIONS_MAX + pos;
    keyed.sort();
    const order = new Int32Array(n);
    for (let k = 0; k < n; k++) order[k] = (keyed[k] as number) % POSITIONS_MAX;
    const group = new Int32Array(n);
    const all = new Scope(new Groups(c, order, group));
    const bySeller = new Map<number, number[]>();
    for (let k = 0; k < n; k++) {
      const pos = order[k] as number;
      const seller = c.sellers[pos] as number;
      const theirs = bySeller.get(seller);
      if (theirs) theirs.push(pos);
      else bySeller.set(seller, [pos]);
    }
    const sellerGroup = new Int32Array(n);
    const sellers = new Map<number, Scope>();
    for (const [id, positions] of bySeller) sellers.set(id, new Scope(new Groups(c, positions, sellerGroup)));
    // The sorts' orders, now rather than on a request (a million listings take seconds).
    for (const scope of [all, ...sellers.values()])
      for (const sort of ['popularity', 'price-low-high', 'newest'] as const) scope.groups.ordered(sort);
    return {
      all,
      sellers,
      placement: new Placement(c.ids, group, sellerGroup, c.sellers, c.values, c.sold, c.created),
    };
  }

  /** Every visible listing, in id order, read a batch at a time (the rows as read are dropped batch by batch). */
  private async readAll(): Promise<Compact> {
    const parts: Compact[] = [];
    let after = 0;
    for (;;) {
      const rows = await queryRows<Row>(
        this.db,
        sql`${SELECT} and id > ${after} order by id limit ${sql.raw(String(READ_BATCH))}`,
      );
      if (rows.length === 0) break;
      const part: Compact = {
        ids: new Int32Array(rows.length),
        sellers: new Int32Array(rows.length),
        combos: new Int32Array(rows.length),
        blocked: new Int32Array(rows.length),
        values: new Int32Array(rows.length),
        sold: new Int32Array(rows.length),
        created: new Float64Array(rows.length),
      };
      rows.forEach((r, k) => {
        part.ids[k] = Number(r.id);
        part.sellers[k] = Number(r.seller_id);
        part.combos[k] = Number(r.combo);
        part.blocked[k] = this.blockedOf(r.places as string | null);
        part.values[k] = Number(r.value);
        part.sold[k] = Number(r.sold);
        part.created[k] = Number(r.created);
      });
      parts.push(part);
      after = part.ids[rows.length - 1] as number;
      if (rows.length < READ_BATCH) break;
    }
    const join = <A extends Int32Array | Float64Array>(pick: (p: Compact) => A): A => {
      const first = parts[0] ? pick(parts[0]) : new Int32Array(0);
      const out = new (first.constructor as new (n: number) => A)(
        parts.reduce((sum, p) => sum + p.ids.length, 0),
      );
      let at = 0;
      for (const p of parts) {
        out.set(pick(p), at);
        at += p.ids.length;
      }
      return out;
    };
    if (
      parts.reduce((sum, p) => sum + p.ids.length, 0) >= POSITIONS_MAX ||
      this.blockedSets.length >= BLOCKED_SETS_MAX
    )
      throw new Error(
        'the catalog index counts up to 2^24 listings and 2^22 sets of places they may not go to',
      );
    return {
      ids: join((p) => p.ids),
      sellers: join((p) => p.sellers),
      combos: join((p) => p.combos),
      blocked: join((p) => p.blocked),
      values: join((p) => p.values),
      sold: join((p) => p.sold),
      created: join((p) => p.created),
    };
  }

  /**
   * Forgets the groups (changes may have been missed, or too many made at once); the statements answer until
   * `build` makes them again.
   */
  reset(): void {
    this.epoch++;
    this.built = null;
    this.forgetMatches();
  }

  /** Listings changed: the words of any may have, so what each search matched is read again. */
  private forgetMatches(): void {
    this.changesHeard++;
    this.searches.clear();
    this.matches.clear();
    this.readingMatches.clear();
  }

  /** Reads these listings again and counts them as they are now (archived or deleted ones: not at all). */
  apply(ids: number[]): Promise<void> {
    if (ids.length === 0) return this.queue;
    this.forgetMatches();
    if (this.changedSinceBuild) for (const id of ids) this.changedSinceBuild.add(id);
    return this.enqueue(() => this.applyNow(ids));
  }

  private async applyNow(ids: number[]): Promise<void> {
    const built = this.built;
    if (!built || ids.length === 0) return;
    const rows = await queryRows<Row>(this.db, sql`${SELECT} and id = any(${sql.param(ids)}::int[])`);
    // Reset while reading: the next build reads these too.
    if (built !== this.built) return;
    const { all, sellers, placement } = built;
    const now = new Map(rows.map((r) => [Number(r.id), this.listingOf(r)]));
    for (const id of ids) {
      const k = placement.find(id);
      if (k >= 0) {
        const value = placement.value[k] as number;
        all.removed.set(id, { group: placement.group[k] as number, value });
        sellers
          .get(placement.seller[k] as number)
          ?.removed.set(id, { group: placement.sellerGroup[k] as number, value });
      }
      const before = all.added.get(id);
      if (before) {
        all.added.delete(id);
        sellers.get(before.sellerId)?.added.delete(id);
      }
      const listing = now.get(id);
      if (!listing) continue;
      all.added.set(id, listing);
      let seller = sellers.get(listing.sellerId);
      if (!seller) {
        seller = new Scope(Groups.empty());
        sellers.set(listing.sellerId, seller);
      }
      seller.added.set(id, listing);
    }
    if (this.changes > this.rebuildAt && !this.building) void this.buildInBackground();
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const done = this.queue.then(work);
    this.queue = done.catch((error: unknown) => this.options.onError?.(error));
    return done;
  }

  /** How many listings changed since the groups were built (counted one by one). */
  get changes(): number {
    return this.built ? this.built.all.removed.size + this.built.all.added.size : 0;
  }

  /**
   * Whether the listener is in place: the groups are built when it first is, and forgotten when it is lost (the
   * changes made meanwhile go unheard), then built again when it is back.
   */
  setListening(on: boolean): void {
    this.listening = on;
    if (!on) {
      this.reset();
      this.syncInFlight?.finish(false);
      return;
    }
    if (!this.built) void this.buildInBackground();
  }

  /** Whether a notification is a sync (which changes nothing: the page cache ignores it too). */
  static isSync(payload: string): boolean {
    return payload.startsWith(SYNC);
  }

  /** A notification on catalog_changed: listings changed ('p:…'), or a sync (this instance's own, or another's). */
  heard(payload: string): void {
    if (payload.startsWith(SYNC)) {
      if (this.syncInFlight && payload === this.syncInFlight.token) {
        const sync = this.syncInFlight;
        // Every change heard before the sync is in the queue: the sync is done once they are applied.
        void this.queue.then(() => sync.finish(true));
      }
      return;
    }
    if (payload === CHANGED_MANY) {
      this.reset();
      if (this.listening) void this.buildInBackground();
      return;
    }
    if (!payload.startsWith(CHANGED)) return;
    const ids = payload
      .slice(CHANGED.length)
      .split(',')
      .map(Number)
      .filter((id) => Number.isSafeInteger(id));
    void this.apply(ids).catch(() => {});
  }

  /**
   * Resolves true once the index counts every change committed before the call, on any instance: it sends a sync
   * notification and waits to hear it back (PostgreSQL delivers notifications in commit order) and for the changes
   * heard before it to be applied. Reads that come while a sync is on its way share the next one. False when the
   * index is not built, the listener is lost, or the sync is not heard within syncTimeoutMs: the statements answer.
   */
  fresh(): Promise<boolean> {
    if (!this.built || !this.listening || !this.options.channel) return Promise.resolve(false);
    let sync = this.syncNext;
    if (!sync) {
      let finish: (heard: boolean) => void = () => {};
      const done = new Promise<boolean>((resolve) => {
        finish = resolve;
      });
      sync = { token: null, done, finish };
      this.syncNext = sync;
      if (!this.syncInFlight) this.sendSync();
    }
    return sync.done;
  }

  private sendSync(): void {
    const sync = this.syncNext;
    if (!sync) return;
    this.syncNext = null;
    this.syncInFlight = sync;
    this.syncs++;
    sync.token = `${SYNC}${this.instance}:${this.syncs}`;
    const resolve = sync.finish;
    let finished = false;
    const timer = setTimeout(() => sync.finish(false), this.syncTimeoutMs);
    timer.unref?.();
    sync.finish = (heard) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (this.syncInFlight === sync) this.syncInFlight = null;
      resolve(heard && this.built !== null);
      if (this.syncNext) this.sendSync();
    };
    this.db
      .execute(sql`select pg_notify(${this.options.channel}, ${sync.token})`)
      .catch(() => sync.finish(false));
  }

  /**
   * A search term resolved (`read`: resolveSearch), kept until the next change is heard (the words listings may be
   * searched by change only with listings), at most SEARCHES_KEPT terms.
   */
  resolve(term: string, read: () => Promise<ResolvedSearch | null>): Promise<ResolvedSearch | null> {
    const known = this.searches.get(term);
    if (known) return known;
    const reading = read();
    this.searches.set(term, reading);
    reading.catch(() => {
      if (this.searches.get(term) === reading) this.searches.delete(term);
    });
    if (this.searches.size > SEARCHES_KEPT) this.searches.delete(this.searches.keys().next().value as string);
    return reading;
  }

  /**
   * The visible listings a resolved search matches, by id: read from PostgreSQL's full-text index, kept until the
   * next change is heard (at most MATCHES_KEPT searches, MATCHES_KEPT_IDS ids in all).
   */
  matching(tsquery: string): Promise<SearchMatches> {
    const known = this.matches.get(tsquery);
    if (known) {
      // Used again: the most recent.
      this.matches.delete(tsquery);
      this.matches.set(tsquery, known);
      return Promise.resolve(known);
    }
    // Requests for the same search while its matches are being read wait for that read (not one begun before a
    // change: forgetMatches drops it).
    let reading = this.readingMatches.get(tsquery);
    if (!reading) {
      reading = this.readMatches(tsquery).finally(() => {
        if (this.readingMatches.get(tsquery) === reading) this.readingMatches.delete(tsquery);
      });
      this.readingMatches.set(tsquery, reading);
    }
    return reading;
  }

  private async readMatches(tsquery: string): Promise<SearchMatches> {
    const heard = this.changesHeard;
    const rows = await queryRows<{ id: number; rank: number }>(
      this.options.reads ?? this.db,
      sql`select id, ${searchRank(tsquery)} as rank from products
          where archived_at is null and ${searchCondition(tsquery)} order by id`,
    );
    const found: SearchMatches = {
      ids: Int32Array.from(rows, (r) => Number(r.id)),
      ranks: Float32Array.from(rows, (r) => Number(r.rank)),
    };
    if (heard === this.changesHeard) {
      this.matches.set(tsquery, found);
      let kept = 0;
      for (const m of this.matches.values()) kept += m.ids.length;
      for (const [key, m] of this.matches) {
        if (this.matches.size <= MATCHES_KEPT && kept <= MATCHES_KEPT_IDS) break;
        this.matches.delete(key);
        kept -= m.ids.length;
      }
    }
    return found;
  }

  /**
   * The facets of a filter set, scoped to a seller when `sellerId` is given: as FacetCounts.facets answers. With
   * `matches` (the ids a search matched, sorted: `matching`), only those listings are counted.
   */
  facets(f: CatalogFilters, sellerId: number | null = null, matches?: SearchMatches): CatalogFacets | null {
    const t = this.scopeOf(sellerId, matches)?.count(this.query(f));
    if (!t) return null;
    const facets: Record<string, unknown> = {};
    LISTS.forEach((l, i) => {
      facets[l.key] = Object.fromEntries(l.options.map((o, j) => [o.value, t.options[i * 32 + j] as number]));
    });
    FLAGS.forEach((fl, i) => {
      facets[fl.key] = t.flags[i] as number;
    });
    const placeSet = filterValues(f)[DESTINATION.key] !== null;
    facets[DESTINATION.key] = placeSet ? t.matching : null;
    facets[`${DESTINATION.key}Hidden`] = placeSet ? t.hidden : null;
    facets[RANGE.key] =
      t.min === Number.POSITIVE_INFINITY
        ? { min: null, max: null }
        : { min: RANGE.fromColumn(t.min), max: RANGE.fromColumn(t.max) };
    return facets as CatalogFacets;
  }

  /** How many listings match a filter set (every filter applied), scoped to a seller when given. */
  total(f: CatalogFilters, sellerId: number | null = null, matches?: SearchMatches): number | null {
    return this.scopeOf(sellerId, matches)?.matching(this.query(f)) ?? null;
  }

  /**
   * The ids of a page of the listings matching a filter set, in the sort's order (as the list's ORDER BY: ties by
   * id), with how many match. Null until the groups are built.
   *
   * With `search`, only the search's matches count (see `matching`). In the default sort a search's order is by
   * relevance: the `window` most popular matches ordered by their relevance, then the others by popularity (as
   * ProductList orders it).
   */
  page(
    f: CatalogFilters,
    sellerId: number | null,
    sort: Sort,
    offset: number,
    limit: number,
    search?: { matches: SearchMatches; window: number },
  ): IndexedPage | null {
    const base = this.scopeOf(sellerId);
    const scope = search ? this.scopeOf(sellerId, search.matches) : base;
    if (!base || !scope) return null;
    const q = this.query(f);
    // The groups that pass, found once for the count and the walk when both are over the same groups.
    const passes = scope === base ? base.passing(q) : undefined;
    const n = scope.matching(q, passes);
    const end = offset + limit;
    if (n <= offset) return { total: n, ids: [] };
    const relevance = search && sort === 'popularity' ? search : null;
    const k = Math.max(end, relevance?.window ?? 0);
    // Two ways to the first k: offer every match to a top k (about n steps, and k more for each that enters), or walk
    // the listings in the sort's order until k match (about k times the listings walked over the n that match,
    // sparse ones skipped). The cheaper, as a rule: the walk once n exceeds the square root of k times the listings.
    const size = base.groups.ids.length + base.added.size;
    let first: number[];
    const way =
      this.pageWay === 'cheaper' ? (n * n <= k * size && k <= TOP_K_MOST ? 'top' : 'walk') : this.pageWay;
    if (way === 'top') {
      const top = new TopK(k, sort);
      scope.collect(q, top);
      first = top.ids;
    } else first = base.walk(q, sort, k, search ? this.idSetOf(search.matches) : null, passes);
    if (!relevance) return { total: n, ids: first.slice(offset, end) };
    // The window's matches by relevance, ties in popularity order (the order they are in: the sort is stable).
    const { ids, ranks } = relevance.matches;
    const rankOf = (id: number) => ranks[firstAtLeast(ids, 0, ids.length, id)] as number;
    const window = first.slice(0, relevance.window).map((id) => ({ id, rank: rankOf(id) }));
    window.sort((a, b) => b.rank - a.rank);
    const ordered = [...window.map((w) => w.id), ...first.slice(relevance.window)];
    return { total: n, ids: ordered.slice(offset, end) };
  }

  /** A search's matches as a set of ids, made once for each. */
  private idSetOf(matches: SearchMatches): Uint32Array {
    let bits = this.idSets.get(matches);
    if (!bits) {
      bits = idSet(matches.ids);
      this.idSets.set(matches, bits);
    }
    return bits;
  }

  /**
   * The listings counted: the whole catalog's or one seller's (a seller with none: an empty scope), only a search's
   * matches among them when given. Null until the groups are built.
   */
  private scopeOf(sellerId: number | null, matches?: SearchMatches): Scope | null {
    if (!this.built) return null;
    if (matches) return this.searchScope(this.built, sellerId, matches);
    if (sellerId === null) return this.built.all;
    return this.built.sellers.get(sellerId) ?? new Scope(Groups.empty());
  }

  /**
   * The listings of `ids` (a search's matches, sorted) that are visible now, one seller's when `sellerId` is given,
   * grouped as the catalog is (their values as they are now, the changes since the build included): a scope of their
   * own, counted as any other. Made once per set of ids and build, and kept with the ids (which are dropped at the
   * next change).
   */
  private searchScope(built: Built, sellerId: number | null, matches: SearchMatches): Scope {
    let scopes = this.searchScopes.get(matches);
    if (!scopes || scopes.built !== built) {
      scopes = { built, bySeller: new Map() };
      this.searchScopes.set(matches, scopes);
    }
    const { ids } = matches;
    const known = scopes.bySeller.get(sellerId);
    if (known) return known;
    const { all, placement } = built;
    const g = all.groups;
    const c: Compact = {
      ids: new Int32Array(ids.length),
      sellers: new Int32Array(ids.length),
      combos: new Int32Array(ids.length),
      blocked: new Int32Array(ids.length),
      values: new Int32Array(ids.length),
      sold: new Int32Array(ids.length),
      created: new Float64Array(ids.length),
    };
    let n = 0;
    let from = 0;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      const changed = all.added.size > 0 ? all.added.get(id) : undefined;
      if (changed) {
        if (sellerId !== null && changed.sellerId !== sellerId) continue;
        c.combos[n] = packCombo(changed.options, 0, changed.flags);
        c.blocked[n] = changed.blocked;
        c.values[n] = changed.value;
        c.sold[n] = changed.sold;
        c.created[n] = changed.created;
      } else {
        if (all.removed.size > 0 && all.removed.has(id)) continue;
        // The ids are sorted, as the placement's: each is looked for from where the last was found.
        const k = firstAtLeast(placement.ids, from, placement.ids.length, id);
        if (k >= placement.ids.length || placement.ids[k] !== id) continue;
        from = k;
        if (sellerId !== null && placement.seller[k] !== sellerId) continue;
        const group = placement.group[k] as number;
        c.combos[n] = packCombo(g.options, group * L, g.flags[group] as number);
        c.blocked[n] = g.blocked[group] as number;
        c.values[n] = placement.value[k] as number;
        c.sold[n] = placement.sold[k] as number;
        c.created[n] = placement.created[k] as number;
      }
      c.ids[n] = id;
      n++;
    }
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => (c.values[a] as number) - (c.values[b] as number) || a - b,
    );
    const scope = new Scope(new Groups(c, order, new Int32Array(n)));
    scopes.bySeller.set(sellerId, scope);
    return scope;
  }

  private query(f: CatalogFilters): Query {
    const values = filterValues(f);
    const allowed = new Int32Array(L).fill(-1);
    const active: number[] = [];
    LISTS.forEach((l, i) => {
      const chosen = values[l.key] as string[];
      if (chosen.length === 0) return;
      let bits = 0;
      l.options.forEach((o, j) => {
        if (chosen.includes(o.value)) bits |= 1 << j;
      });
      allowed[i] = bits;
      active.push(i);
    });
    let required = 0;
    FLAGS.forEach((fl, i) => {
      if (values[fl.key] === true) required |= 1 << i;
    });
    const place = values[DESTINATION.key] as string | null;
    const hides = new Uint8Array(this.blockedSets.length);
    if (place !== null)
      this.blockedSets.forEach((set, i) => {
        hides[i] = set.includes(place) ? 1 : 0;
      });
    const bound = (param: string) => {
      const v = values[param] as number | null;
      return v === null ? null : RANGE.toColumn(v);
    };
    return {
      allowed,
      active,
      required,
      hides,
      lo: bound(RANGE.min.param),
      hi: bound(RANGE.max.param),
    };
  }

  /** A listing read again after a change, unpacked for counting on its own. */
  private listingOf(r: Row): Listing {
    const options = new Int8Array(L);
    const flags = unpackCombo(Number(r.combo), options, 0);
    return {
      id: Number(r.id),
      sellerId: Number(r.seller_id),
      options,
      flags,
      blocked: this.blockedOf(r.places as string | null),
      value: Number(r.value),
      sold: Number(r.sold),
      created: Number(r.created),
    };
  }

  /** The index of a set of places (as read: one text), added to the table the first time it is seen. */
  private blockedOf(places: string | null): number {
    const key = places ?? '';
    let blocked = this.blockedIndex.get(key);
    if (blocked === undefined) {
      blocked = this.blockedSets.length;
      this.blockedSets.push(key === '' ? [] : key.split(','));
      this.blockedIndex.set(key, blocked);
    }
    return blocked;
  }
}
