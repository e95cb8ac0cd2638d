/** `npm run db:migrate` and `npm run db:seed`: the start-up steps on their own. */
import { loadConfig } from './config';
import { connect } from './db/connect';
import { seedDemoData } from './seed';

const command = process.argv[2];
const config = loadConfig();
const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
  if (command === 'seed') {
    // The demo accounts' passwords are published: a production database never gets them.
    if (config.production)
      throw new Error('db:seed refuses NODE_ENV=production: the demo accounts have published passwords');
    const seeded = await seedDemoData(database, { seedDemo: true });
    console.log(seeded ? 'Demo data seeded.' : 'Demo data already present; nothing to do.');
  }
} finally {
  await database.close();
}
