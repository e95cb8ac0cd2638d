import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The areas are named in one place, docs/architecture.md#areas: the bold names of that section. The folders on each
// side must be those names (a side may lack an area: content and theme live in the client alone).
const root = path.join(import.meta.dirname, '../..');
const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

function documentedAreas(): string[] {
  const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const start = doc.indexOf('\n## Areas\n');
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end);
  return [...section.matchAll(/\*\*([a-z]+)\*\*/g)].map((m) => m[1] as string);
}

describe('the areas', () => {
  it('are the folders of domain/, client/src/features/ and server/src/modules/, and no others', () => {
    const named = documentedAreas();
    expect(named.length).toBeGreaterThan(5);
    const onDisk = new Set([
      ...folders('domain'),
      ...folders('client/src/features'),
      ...folders('server/src/modules'),
    ]);
    expect([...onDisk].sort()).toEqual([...new Set(named)].sort());
  });
});
