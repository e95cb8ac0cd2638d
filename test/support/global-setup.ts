/** Vitest global setup: builds the migrated template database once per run (see database.ts). */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { connect } from '../../server/src/db/connect';
import {
  adminUrl,
  databaseUrl,
  TEMPLATE_DB_ENV,
  TEMPLATE_DUMP_ENV,
  testDatabaseKind,
  uniqueName,
} from './database';

export default async function setup(): Promise<() => Promise<void>> {
  if (testDatabaseKind() === 'postgres') {
    const name = uniqueName('dfm_template');
    const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const database = await connect({ databaseUrl: databaseUrl(name), maxConnections: 1 });
    await database.migrate();
    await database.close();
    process.env[TEMPLATE_DB_ENV] = name;
    return async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }

  const dir = path.join(os.tmpdir(), uniqueName('dfm-pglite-template'));
  await mkdir(dir, { recursive: true });
  const database = await connect({});
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_DUMP_ENV] = file;
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
