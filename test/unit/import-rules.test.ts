import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The import check that `npm run lint` runs after Biome (scripts/check-imports.mjs, docs/architecture.md#import-rules),
// run as lint runs it: on the repository, and on small trees written here with deliberate bad imports.
const repo = path.resolve(import.meta.dirname, '../..');
const script = path.join(repo, 'scripts/check-imports.mjs');

function check(root: string) {
  const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: run.status, problems: run.stderr.split('\n').filter((line) => /:\d+ {2}/.test(line)) };
}

const NOT_A_PAGE =
  'a feature does not import another: only pages (…Page.tsx) and app/ compose features; move what both use to components/ or lib/, or let the page pass it in';

let root = '';
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

/** A tree that follows the rules, plus `extra` files (path → source). */
function tree(extra: Record<string, string> = {}) {
  root = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  const files: Record<string, string> = {
    'domain/money.ts': 'export const cents = 100;\n',
    'domain/catalog/schemas.ts': "import { z } from 'zod';\nexport const price = z.number();\n",
    'domain/catalog/index.ts': "export * from './schemas';\n",
    'domain/cart/schemas.ts': "import { price } from '../catalog';\nexport const line = price;\n",
    'client/src/lib/api.ts': "import { cents } from '@domain/money';\nexport const api = cents;\n",
    'client/src/components/ui/button.tsx': 'export const Button = 1;\n',
    'client/src/features/cart/cart-query.ts':
      "import { api } from '@/lib/api';\nexport const useCart = api;\n",
    'client/src/features/cart/index.ts': "export { useCart } from './cart-query';\n",
    'client/src/features/cart/api.ts':
      "import { useCart } from './cart-query';\nexport const useAddToCart = useCart;\n",
    'client/src/features/cart/lazy.ts': "export { useAddToCart } from './api';\n",
    'client/src/features/catalog/MarketplacePage.tsx':
      "import { Button } from '@/components/ui/Button';\nimport { useCart } from '@/features/cart';\n" +
      "import { useAddToCart } from '@/features/cart/lazy';\nexport const MarketplacePage = [Button, useCart, useAddToCart];\n",
    'client/src/app/AppRoutes.tsx':
      "import { useCart } from '@/features/cart';\n// A comment naming '@/features/cart/api' is no import.\n" +
      "export const page = () => import('@/features/catalog/MarketplacePage');\nexport const cart = useCart;\n",
    'server/src/db/connect.ts': 'export const db = {};\n',
    'server/src/plugins/errors.ts': 'export const tooManyAttempts = () => 429;\n',
    'server/src/modules/accounts/throttle.ts':
      "import { db } from '../../db/connect';\nimport { tooManyAttempts } from '../../plugins/errors';\n" +
      'export const throttle = [db, tooManyAttempts];\n',
    'server/src/modules/accounts/index.ts': "export { throttle } from './throttle';\n",
    'server/src/modules/orders/order-service.ts':
      "import { throttle } from '../accounts';\nimport { cents } from '@domain/money';\nexport const s = [throttle, cents];\n",
    'server/src/app.ts': "import { throttle } from './modules/accounts';\nexport const app = throttle;\n",
    'server/src/main.ts': "import { app } from './app';\nexport const main = app;\n",
    ...extra,
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('the import check (npm run lint)', () => {
  it('passes on the repository', () => {
    expect(check(repo)).toEqual({ status: 0, problems: [] });
  });

  it('passes on a tree that follows the rules', () => {
    expect(check(tree())).toEqual({ status: 0, problems: [] });
  });

  it('fails on a deep import into another feature, naming the file, the line and the rule', () => {
    const result = check(
      tree({
        'client/src/features/orders/checkout.ts':
          "import { useCart } from '@/features/cart';\nimport { useAddToCart } from '@/features/cart/api';\nexport const x = [useCart, useAddToCart];\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.problems).toEqual([
      `client/src/features/orders/checkout.ts:1  ${NOT_A_PAGE} ('@/features/cart')`,
      `client/src/features/orders/checkout.ts:2  ${NOT_A_PAGE} ('@/features/cart/api')`,
      "client/src/features/orders/checkout.ts:2  deep import into another feature: use '@/features/cart' (its index.ts) ('@/features/cart/api')",
    ]);
  });

  it("fails on a feature's file other than a page importing another feature; pages and app/ compose", () => {
    const result = check(
      tree({
        // A page at its feature's root composes: it may use other features through their faces.
        'client/src/features/cart/CartPage.tsx':
          "import { useCheckout } from '@/features/orders';\nexport const CartPage = useCheckout;\n",
        'client/src/features/orders/index.ts': 'export const useCheckout = 1;\n',
        // Not a page: a component, a hook, a page-named file in a subfolder, a lower-case file named like a page.
        'client/src/features/catalog/components/AddToCartButton.tsx':
          "import { useAddToCart } from '@/features/cart/lazy';\nexport const AddToCartButton = useAddToCart;\n",
        'client/src/features/reviews/api.ts':
          "import { useCart } from '../cart';\nexport const useWriteReview = useCart;\n",
        'client/src/features/orders/components/OrderPage.tsx':
          "import { useCart } from '@/features/cart';\nexport const OrderPage = useCart;\n",
        'client/src/features/orders/checkoutPage.tsx':
          "import { useCart } from '@/features/cart';\nexport const x = useCart;\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.problems).toEqual([
      `client/src/features/catalog/components/AddToCartButton.tsx:1  ${NOT_A_PAGE} ('@/features/cart/lazy')`,
      `client/src/features/orders/checkoutPage.tsx:1  ${NOT_A_PAGE} ('@/features/cart')`,
      `client/src/features/orders/components/OrderPage.tsx:1  ${NOT_A_PAGE} ('@/features/cart')`,
      `client/src/features/reviews/api.ts:1  ${NOT_A_PAGE} ('../cart')`,
    ]);
  });

  it('fails on an upward import from components/ (or lib/) into features/', () => {
    const result = check(
      tree({
        'client/src/components/product-card.tsx':
          "import { useAddToCart } from '@/features/cart/lazy';\nexport const Card = useAddToCart;\n",
        'client/src/lib/queryClient.ts':
          "import { Button } from '../components/ui/button';\nexport const q = Button;\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.problems).toEqual([
      "client/src/components/product-card.tsx:1  upward import: client components/ must not import features/ ('@/features/cart/lazy')",
      "client/src/lib/queryClient.ts:1  upward import: lib/ must not import components/ ('../components/ui/button')",
    ]);
  });

  it('fails on a server plugin (or db/) importing a module, and on a deep import between modules', () => {
    const result = check(
      tree({
        'server/src/plugins/rate-limit.ts':
          "import { throttle } from '../modules/accounts';\nexport const limit = throttle;\n",
        'server/src/db/seed.ts':
          "import { throttle } from '../modules/accounts';\nexport const seed = throttle;\n",
        'server/src/modules/listings/listing-service.ts':
          "import { throttle } from '../accounts/throttle';\nexport const s = throttle;\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.problems).toEqual([
      "server/src/db/seed.ts:1  upward import: server db/ must not import modules/ ('../modules/accounts')",
      "server/src/modules/listings/listing-service.ts:1  deep import into another module: use modules/accounts/index.ts ('../accounts/throttle')",
      "server/src/plugins/rate-limit.ts:1  upward import: server plugins/ must not import modules/ ('../modules/accounts')",
    ]);
  });

  it('lets the seed write through the modules, and only main.ts and cli.ts import the seed', () => {
    const result = check(
      tree({
        'server/src/modules/orders/index.ts': 'export const writeOrder = 1;\n',
        'server/src/seed.ts':
          "import { writeOrder } from './modules/orders';\nexport const seed = writeOrder;\n",
        'server/src/main.ts': "export const main = () => import('./seed');\n",
        'server/src/cli.ts': "import { seed } from './seed';\nexport const cli = seed;\n",
        'server/src/db/connect.ts': "import { seed } from '../seed';\nexport const connect = seed;\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.problems).toEqual([
      "server/src/db/connect.ts:1  only main.ts and cli.ts (and tests) may import seed.ts ('../seed')",
    ]);
  });

  it('allows the router only lazy imports of page files', () => {
    const result = check(
      tree({
        'client/src/app/AppRoutes.tsx':
          "import { MarketplacePage } from '@/features/catalog/MarketplacePage';\nexport const page = MarketplacePage;\n",
        'client/src/app/layout/Header.tsx':
          "export const page = () => import('@/features/catalog/MarketplacePage');\n",
      }),
    );
    expect(result.problems).toEqual([
      "client/src/app/AppRoutes.tsx:1  deep import into another feature: use '@/features/catalog' (its index.ts) ('@/features/catalog/MarketplacePage')",
      "client/src/app/layout/Header.tsx:1  deep import into another feature: use '@/features/catalog' (its index.ts) ('@/features/catalog/MarketplacePage')",
    ]);
  });

  it('fails on app.ts imported by a module, client code imported by the server, and domain rules', () => {
    const result = check(
      tree({
        'server/src/modules/cart/routes.ts': "import { app } from '../../app';\nexport const r = app;\n",
        'server/src/http/render.ts':
          "import { api } from '../../../client/src/lib/api';\nexport const r = api;\n",
        'domain/orders/schemas.ts':
          "import { line } from '../cart/schemas';\nimport { api } from '../../client/src/lib/api';\n" +
          "import { eq } from 'drizzle-orm';\nexport const o = [line, api, eq];\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.problems).toEqual([
      "domain/orders/schemas.ts:1  domain areas import each other through index.ts: use '@domain/cart' ('../cart/schemas')",
      "domain/orders/schemas.ts:2  domain/ must not import client code ('../../client/src/lib/api')",
      "domain/orders/schemas.ts:3  domain/ imports only zod and domain/ files, not 'drizzle-orm' ('drizzle-orm')",
      "server/src/http/render.ts:1  client and server meet only in domain/: server code must not import client code ('../../../client/src/lib/api')",
      "server/src/modules/cart/routes.ts:1  only main.ts (and tests) may import app.ts ('../../app')",
    ]);
  });
});
