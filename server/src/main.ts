import { ConfigError, loadConfig } from './config';
import { connect } from './db/connect';
import { preloadZipTables, preloadZoneTable } from './modules/shipping';

const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

async function main(): Promise<void> {
  const started = performance.now();
  const phases: Record<string, number> = {};
  const phase = (name: string, since: number) => {
    phases[name] = Math.round(performance.now() - since);
    return performance.now();
  };
  const config = loadConfig();
  // Open the database while the HTTP modules (and the demo data's seed, which writes its orders through them) load:
  // both take a moment, neither needs the other.
  const [database, { buildApp }, { seedDemoData }] = await Promise.all([
    connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
    import('./app'),
    import('./seed'),
  ]);
  let t = phase('open', started);
  await database.migrate();
  t = phase('migrate', t);
  const seeded = await seedDemoData(database, { seedDemo: config.seedDemo });
  t = phase('seed', t);

  const app = await buildApp({ database, config, logger: { level: config.logLevel } });
  await app.server.ready();
  t = phase('app', t);
  // Where listings may ship, computed again when a deploy changed the shipping rules (else one small read).
  await app.startUp();
  phase('shipping', t);
  const { server } = app;
  server.log.info(
    database.kind === 'pglite'
      ? `embedded database in ${config.dataDir}${seeded ? ' (demo data seeded)' : ''}`
      : `PostgreSQL database${seeded ? ' (demo data seeded)' : ''}`,
  );
  if (config.seedDemo)
    server.log.warn(
      'demo mode: the demo accounts, whose passwords are published, are offered on the login page (SEED_DEMO=false or NODE_ENV=production turns this off)',
    );

  // Notifications by email (or, without SMTP_URL, a note that email is off).
  app.mail.start();
  app.searches.start((err) => server.log.warn({ err }, 'saving the search counts failed'));
  const timer = setInterval(() => {
    // Each failed step was logged as it failed (app.ts); this says which, once.
    app.maintenance().catch((err: Error) => server.log.warn(err.message));
  }, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  // The card payments' pass, on its own timer when a provider takes the money (nothing under the default).
  app.paymentsPass.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info(`${signal}: finishing open requests, then closing the database`);
    clearInterval(timer);
    app.paymentsPass.stop();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await server.close();
      await app.mail.stop();
      await app.searches.stop().catch((err) => server.log.warn({ err }, 'saving the search counts failed'));
      await database.close();
      process.exit(0);
    } catch (err) {
      server.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await server.listen({ port: config.port, host: config.host });
  // The ZIP tables load after start-up, off its path, so the first ZIP typed need not wait for them.
  preloadZipTables().catch((err) => server.log.warn({ err }, 'loading the ZIP tables failed'));
  preloadZoneTable().catch((err) => server.log.warn({ err }, 'loading the hardiness zone table failed'));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  phases.total = Math.round(performance.now() - started);
  server.log.info({ startupMs: phases }, 'ready');
  console.log(`Dragon Fruit Marketplace is serving at http://localhost:${port}`);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Start-up failed:', err);
  }
  process.exit(1);
});
