/**
 * `npm run openapi`: writes the API reference, the OpenAPI document the app serves at /api/openapi.json, to
 * docs/openapi.json (docs/architecture.md#api-reference). It builds the app over an empty in-memory database, as a
 * production site would build it, and asks it for the document: no request is served. test/api/openapi.test.ts fails
 * while the committed copy differs from what the routes declare.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { connect } from '../server/src/db/connect';

export const OPENAPI_FILE = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));

/**
 * The settings the reference is built under: a production site taking payments by Stripe, so that the routes only
 * that provider has (its webhooks) are documented too. The values are placeholders: building the app calls no one.
 */
export const REFERENCE_ENV = {
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_ReferenceOnly',
  STRIPE_WEBHOOK_SECRET: 'whsec_ReferenceOnly',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_ReferenceOnly',
} as const;

/** The document as the committed file holds it: two-space JSON and a final newline. */
export const openApiText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Stripe under production asks where the site is; the document does not depend on it.
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'https://marketplace.example',
    ...REFERENCE_ENV,
  });
  const database = await connect({});
  try {
    const app = await buildApp({ database, config });
    await app.server.ready();
    await writeFile(OPENAPI_FILE, openApiText(app.server.swagger()));
    await app.server.close();
    console.log(`API reference written to ${OPENAPI_FILE}`);
  } finally {
    await database.close();
  }
}
