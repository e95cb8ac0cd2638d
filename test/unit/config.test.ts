import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir.endsWith('/data')).toBe(true);
    // The embedded database of `npm start` gets the demo data by default, so a first run has something to show.
    expect(c.seedDemo).toBe(true);
    expect(c.production).toBe(false);
  });

  it('asks for demo data only outside production, and by default only for the embedded database', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    // Asking for the demo accounts, whose passwords are published, on a production site stops start-up.
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: must be false with NODE_ENV=production .*got "true"/,
    );
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/d',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '7',
      AUTH_MAX_ATTEMPTS_PER_IP: '50',
      AUTH_WINDOW_MINUTES: '5',
      KEEP_ALIVE_SECONDS: '65',
      PUBLIC_ORIGIN: 'HTTPS://Shop.Example.com:443/',
    });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h:5432/d',
      seedDemo: false,
      production: true,
      trustProxy: true,
      auth: { maxFailuresPerAccount: 7, maxAttemptsPerIp: 50, windowMs: 300_000 },
      timeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 65_000 },
      publicOrigin: 'https://shop.example.com',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '0x10'],
    ['AUTH_WINDOW_MINUTES', '1e3'],
    ['LOGIN_MAX_FAILURES_PER_ACCOUNT', ' 5 '],
    ['DATABASE_URL', 'mysql://x'],
    ['SEED_DEMO', 'yes'],
    ['NODE_ENV', 'staging'],
    ['AUTH_WINDOW_MINUTES', '0'],
    ['KEEP_ALIVE_SECONDS', '0'],
    ['PUBLIC_ORIGIN', 'shop.example.com'],
    ['PUBLIC_ORIGIN', 'https://shop.example.com/shop'],
    ['PUBLIC_ORIGIN', 'ftp://shop.example.com'],
  ])('stops with a message naming %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: .*got "${value}"`));
  });
});
