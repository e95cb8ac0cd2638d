import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.seedDemo).toBe(false);
    expect(c.production).toBe(false);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/d',
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '7',
      AUTH_MAX_ATTEMPTS_PER_IP: '50',
      AUTH_WINDOW_MINUTES: '5',
    });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h:5432/d',
      seedDemo: true,
      production: true,
      trustProxy: true,
      auth: { maxFailuresPerAccount: 7, maxAttemptsPerIp: 50, windowMs: 300_000 },
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SEED_DEMO', 'yes'],
    ['NODE_ENV', 'staging'],
    ['AUTH_WINDOW_MINUTES', '0'],
  ])('stops with a message naming %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: .*got "${value}"`));
  });
});
