import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The file-name check that `npm run lint` runs (scripts/check-file-names.mjs, docs/architecture.md#file-names), run
// as lint runs it: on the repository, and on small trees written here with deliberately misnamed files.
const repo = path.resolve(import.meta.dirname, '../..');
const script = path.join(repo, 'scripts/check-file-names.mjs');

function check(root: string) {
  const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: run.status, problems: run.stderr.split('\n').filter((line) => / {2}a /.test(line)) };
}

let root = '';
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

function tree(files: Record<string, string>) {
  root = mkdtempSync(path.join(tmpdir(), 'file-names-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const good = {
  'client/src/components/ui/Button.tsx': 'export const Button = () => null;\n',
  'client/src/features/catalog/FilterPanel.tsx': 'export function FilterPanel() {\n  return null;\n}\n',
  'client/src/features/catalog/url-state.ts': 'export const x = 1;\n',
  'client/src/entry-server.tsx': 'export async function render() {}\n',
  'client/src/features/content/help-sections.tsx': 'export const HELP_SECTIONS = [];\n',
  'client/src/components/ui/Tabs.tsx': 'const Tabs = 1;\nexport { Tabs, tabsVariants };\n',
  'test/unit/import-rules.test.ts': 'export {};\n',
  'server/src/modules/orders/seller-order-service.ts': 'export class SellerOrderService {}\n',
  'server/src/modules/orders/shipment-changes.ts': 'export class ShipmentChanges {}\n',
  'client/src/features/orders/OrdersPage.tsx': 'export function OrdersPage() {\n  return null;\n}\n',
};

describe('the file-name check', () => {
  it('passes on the repository', () => {
    expect(check(repo)).toEqual({ status: 0, problems: [] });
  });

  it('passes on a tree that follows the rules', () => {
    expect(check(tree(good)).status).toBe(0);
  });

  it('fails on a component file in kebab-case, a module in camelCase and a plain module in PascalCase', () => {
    const result = check(
      tree({
        ...good,
        'client/src/components/product-card.tsx': 'export function ProductCard() {\n  return null;\n}\n',
        'client/src/components/ui/select.tsx': 'const Select = 1;\nexport { Select };\n',
        'client/src/lib/queryClient.ts': 'export const q = 1;\n',
        'client/src/lib/Helpers.ts': 'export const h = 1;\n',
      }),
    );
    expect(result.status).toBe(1);
    expect(result.problems.sort()).toEqual([
      'client/src/components/product-card.tsx  a .tsx file that exports a component is named in PascalCase',
      'client/src/components/ui/select.tsx  a .tsx file that exports a component is named in PascalCase',
      'client/src/lib/Helpers.ts  a file without a component is named in kebab-case',
      'client/src/lib/queryClient.ts  a file without a component is named in kebab-case',
    ]);
  });

  it('fails on a service file not named after its class, two services in a file, and a page in a subfolder', () => {
    const result = check(
      tree({
        ...good,
        'server/src/modules/cart/service.ts': 'export class CartService {}\n',
        'server/src/modules/shipping/check-service.ts': 'export class ShippingCheckService {}\n',
        'server/src/modules/orders/order-service.ts':
          'export class OrderService {}\nexport class SellerOrderService {}\n',
        'server/src/modules/listings/listing-service.ts': 'export function list() {}\n',
        'client/src/features/accounts/pages/LoginPage.tsx':
          'export function LoginPage() {\n  return null;\n}\n',
      }),
    );
    expect(result.status).toBe(1);
    expect(result.problems.sort()).toEqual([
      'client/src/features/accounts/pages/LoginPage.tsx  a page sits at the root of its feature, client/src/features/<area>/',
      'server/src/modules/cart/service.ts  a file that exports a service class is named after it: cart-service.ts',
      'server/src/modules/listings/listing-service.ts  a file named …-service exports its service class',
      'server/src/modules/orders/order-service.ts  a file that exports a service class holds one',
      'server/src/modules/shipping/check-service.ts  a file that exports a service class is named after it: shipping-check-service.ts',
    ]);
  });
});
