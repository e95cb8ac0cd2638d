import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../support/app';

// The API reference is made when the app is ready (server/src/plugins/api-reference.ts). The server renderer, loaded
// at the first page it renders, may carry its own copy of a domain schema, which puts a second schema under a named
// component's id in zod's registry: made at a request after that, the document failed with a 500 ("Duplicate schema
// id"). The copy is taken out of the registry afterwards: a worker runs several files in one registry (vitest's
// isolate: false), and an app built after it would fail to start.
describe('the API reference, after a second schema of a named component is loaded', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is still served whole', async () => {
    const copy = z.object({ copy: z.string() }).meta({ id: 'ShipmentPayment' });
    const res = await t.server
      .inject({ method: 'GET', url: '/api/openapi.json' })
      .finally(() => z.globalRegistry.remove(copy));
    expect(res.statusCode).toBe(200);
    const document = JSON.parse(res.body) as { components: { schemas: Record<string, unknown> } };
    expect(Object.keys(document.components.schemas)).toContain('ShipmentPayment');
  });
});
