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
    expect(c.trustProxy).toBe(false);
    expect(c.writeLimit).toEqual({ perIp: 120, perAccount: 60 });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/d',
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
      TRUST_PROXY: '2',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '7',
      LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL: '70',
      AUTH_MAX_ATTEMPTS_PER_IP: '50',
      AUTH_WINDOW_MINUTES: '5',
      WRITE_LIMIT_PER_IP: '200',
      WRITE_LIMIT_PER_ACCOUNT: '90',
    });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h:5432/d',
      seedDemo: true,
      production: true,
      trustProxy: 2,
      auth: {
        maxFailuresPerAccount: 7,
        maxFailuresPerAccountTotal: 70,
        maxAttemptsPerIp: 50,
        windowMs: 300_000,
      },
      writeLimit: { perIp: 200, perAccount: 90 },
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SEED_DEMO', 'yes'],
    ['NODE_ENV', 'staging'],
    ['AUTH_WINDOW_MINUTES', '0'],
    ['WRITE_LIMIT_PER_IP', '0'],
    ['WRITE_LIMIT_PER_ACCOUNT', 'many'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.1,not-an-address'],
    ['TRUST_PROXY', '10.0.0.0/33'],
  ])('stops with a message naming %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: .*got "${value}"`));
  });

  it.each([
    ['false', false],
    ['0', false],
    ['', false],
    ['1', 1],
    ['10.0.0.1', ['10.0.0.1']],
    [' 10.0.0.0/8 , fd00::/8,loopback ', ['10.0.0.0/8', 'fd00::/8', 'loopback']],
  ])('reads TRUST_PROXY=%j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('refuses TRUST_PROXY=true, which would let a client pick its own address, and says what to give', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*number of proxies.*got "true"/);
  });
});
