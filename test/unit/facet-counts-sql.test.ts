import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  facetCountsFunctionSql,
  facetCountsRefillSql,
  lastFacetCountsFunction,
  normalizeSql,
} from '../../server/src/db/facet-counts';
import {
  blockedCountsFilter,
  catalogBlockedCounts,
  products,
  summaryFilters,
} from '../../server/src/db/schema';

const migrations = join(import.meta.dirname, '../../server/src/db/migrations');

/** The latest definition of catalog_facet_counts_apply() across the migrations, in their order. */
function latestInMigrations(): string | undefined {
  const files = readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  let latest: string | undefined;
  for (const file of files)
    latest = lastFacetCountsFunction(readFileSync(join(migrations, file), 'utf8')) ?? latest;
  return latest;
}

describe('catalog_facet_counts_apply()', () => {
  it('is, in the latest migration that defines it, the function the filter table gives (npm run db:generate)', () => {
    const latest = latestInMigrations();
    expect(latest, 'no migration defines catalog_facet_counts_apply()').toBeDefined();
    expect(normalizeSql(latest as string)).toBe(normalizeSql(facetCountsFunctionSql()));
  });

  it('counts a missing value of a nullable column as the empty text, and groups by every summary column', () => {
    const sql = facetCountsFunctionSql();
    expect(sql).toContain("coalesce(cutting_size, '')");
    const columns = summaryFilters().length;
    expect(columns).toBeGreaterThan(0);
    const groupBy = Array.from({ length: columns }, (_, i) => i + 1).join(', ');
    expect(sql).toContain(`GROUP BY ${groupBy} HAVING`);
  });

  it('counts, for the destination filter, the listings each place may not get in catalog_blocked_counts', () => {
    const sql = facetCountsFunctionSql();
    expect(summaryFilters().map((f) => f.kind)).not.toContain('destination');
    const place = blockedCountsFilter();
    const name = (column: string) => (products as unknown as Record<string, { name: string }>)[column]?.name;
    // Its columns: the place (a text, one element of products' array), then the summary's, then n.
    const blocked = catalogBlockedCounts as unknown as Record<string, { name: string; columnType: string }>;
    expect(blocked[place.column]?.name).toBe(name(place.column));
    expect(blocked[place.column]?.columnType).toBe('PgText');
    for (const f of summaryFilters()) expect(blocked[f.column]?.name, f.key).toBe(name(f.column));
    const names = summaryFilters()
      .map((f) => name(f.column))
      .join(', ');
    expect(sql).toContain(`INSERT INTO catalog_blocked_counts AS c (blocked_to, ${names}, n)`);
    // One row per place in every branch: inserted, deleted, and both sides of an update.
    for (const rows of ['new_rows', 'old_rows'])
      expect(sql).toContain(`FROM ${rows} CROSS JOIN LATERAL unnest(${rows}.blocked_to) AS p(place)`);
    expect(sql.match(/INSERT INTO catalog_blocked_counts/g)).toHaveLength(3);
    expect(facetCountsRefillSql()).toContain('INSERT INTO catalog_blocked_counts');
  });
});
