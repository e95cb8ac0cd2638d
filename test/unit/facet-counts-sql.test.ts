import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  facetCountsFunctionSql,
  lastFacetCountsFunction,
  normalizeSql,
} from '../../server/src/db/facet-counts';
import { catalogFacetCounts, products, summaryFilters } from '../../server/src/db/schema';

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

  it('keys the summary by every list, flag and destination filter, a destination by its array as products holds it', () => {
    const sql = facetCountsFunctionSql();
    const kinds = new Set(summaryFilters().map((f) => f.kind));
    expect([...kinds].sort()).toEqual(['destination', 'flag', 'list']);
    const summary = catalogFacetCounts as unknown as Record<string, { name: string; columnType: string }>;
    const listings = products as unknown as Record<string, { name: string; columnType: string }>;
    for (const f of summaryFilters()) {
      const column = summary[f.column];
      expect(column?.name, f.key).toBe(listings[f.column]?.name);
      expect(sql, f.key).toContain(`${column?.name}`);
    }
    const destination = summaryFilters().find((f) => f.kind === 'destination');
    expect(summary[destination?.column ?? '']?.columnType).toBe('PgArray');
    // Arrays are grouped as they are: no coalesce (the column is NOT NULL), and in the GROUP BY's positions.
    expect(sql).toContain('in_stock, blocked_to, count(*)::int');
  });
});
