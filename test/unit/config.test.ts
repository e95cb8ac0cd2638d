import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';

/** A production site's address, which production asks for. */
const SITE = 'https://shop.example.com';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir.endsWith('/data')).toBe(true);
    // The embedded database of `npm start` gets the demo data by default, so a first run has something to show.
    expect(c.seedDemo).toBe(true);
    expect(c.production).toBe(false);
    expect(c.trustProxy).toBe(false);
    expect(c.writeLimit).toEqual({ perIp: 120, perAccount: 60 });
    expect(c.pageCacheBytes).toBe(64 * 1024 * 1024);
    expect(c.photoQueue).toEqual({ uploads: 6, bytes: 64 * 1024 * 1024 });
  });

  it('asks for demo data only outside production, and by default only for the embedded database', () => {
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: SITE }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: SITE, SEED_DEMO: 'false' }).seedDemo).toBe(
      false,
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    // Asking for the demo accounts, whose passwords are published, on a production site stops start-up.
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: SITE, SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: must be false with NODE_ENV=production .*got "true"/,
    );
  });

  it('stops a production start-up without PUBLIC_ORIGIN, naming it', () => {
    // Without it the canonical URLs would follow the request's Host, and the mails' links lead to localhost.
    for (const env of [
      { NODE_ENV: 'production' },
      { NODE_ENV: 'production', PUBLIC_ORIGIN: '' },
      { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' },
    ])
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(
        /PUBLIC_ORIGIN: must be set with NODE_ENV=production: the site's address as browsers see it/,
      );
    const ok = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_ORIGIN: 'https://shop.example.com',
    });
    expect(ok.publicOrigin).toBe('https://shop.example.com');
    expect(ok.mail.origin).toBe('https://shop.example.com');
    // Outside production, the request's address and localhost links are fine.
    expect(loadConfig({}).publicOrigin).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.origin).toBe('http://localhost:5000');
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/d',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      TRUST_PROXY: '2',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '7',
      LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL: '70',
      AUTH_MAX_ATTEMPTS_PER_IP: '50',
      AUTH_WINDOW_MINUTES: '5',
      WRITE_LIMIT_PER_IP: '200',
      WRITE_LIMIT_PER_ACCOUNT: '90',
      KEEP_ALIVE_SECONDS: '65',
      PUBLIC_ORIGIN: 'HTTPS://Shop.Example.com:443/',
      PAGE_CACHE_MB: '256',
      PHOTO_QUEUE_UPLOADS: '3',
      PHOTO_QUEUE_MB: '40',
    });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h:5432/d',
      seedDemo: false,
      production: true,
      trustProxy: 2,
      auth: {
        maxFailuresPerAccount: 7,
        maxFailuresPerAccountTotal: 70,
        maxAttemptsPerIp: 50,
        windowMs: 300_000,
      },
      writeLimit: { perIp: 200, perAccount: 90 },
      timeouts: { headersMs: 10_000, requestMs: 120_000, keepAliveMs: 65_000 },
      pageCacheBytes: 256 * 1024 * 1024,
      publicOrigin: 'https://shop.example.com',
      photoQueue: { uploads: 3, bytes: 40 * 1024 * 1024 },
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
    ['WRITE_LIMIT_PER_IP', '0'],
    ['WRITE_LIMIT_PER_ACCOUNT', 'many'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.1,not-an-address'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['KEEP_ALIVE_SECONDS', '0'],
    ['PAGE_CACHE_MB', '-1'],
    ['PHOTO_QUEUE_UPLOADS', '0'],
    ['PHOTO_QUEUE_MB', '1.5'],
    ['PAGE_CACHE_MB', '1.5'],
    ['PAGE_CACHE_MB', '1e3'],
    ['PUBLIC_ORIGIN', 'shop.example.com'],
    ['PUBLIC_ORIGIN', 'https://shop.example.com/shop'],
    ['PUBLIC_ORIGIN', 'ftp://shop.example.com'],
    ['PHOTO_STORE', 'gcs'],
    ['S3_BUCKET', 'Photos_2024'],
    ['S3_BUCKET', 'ab'],
    ['S3_REGION', 'US East'],
    ['S3_ENDPOINT', 'ftp://s3.example.com'],
    ['S3_ENDPOINT', 's3.example.com'],
    ['S3_ENDPOINT', 'https://key:secret@s3.example.com'],
    ['S3_ACCESS_KEY_ID', 'AKIA 123'],
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

  it('turns the page cache off with PAGE_CACHE_MB=0', () => {
    expect(loadConfig({ PAGE_CACHE_MB: '0' }).pageCacheBytes).toBe(0);
  });

  it('reads the commission as basis points, and refuses what is not a percentage from 0 to 50', () => {
    expect(loadConfig({}).payments.commissionBp).toBe(0);
    expect(loadConfig({ MARKETPLACE_COMMISSION_PERCENT: '12.5' }).payments.commissionBp).toBe(1_250);
    expect(loadConfig({ MARKETPLACE_COMMISSION_PERCENT: '50' }).payments.commissionBp).toBe(5_000);
    expect(loadConfig({ MARKETPLACE_COMMISSION_PERCENT: '0.01' }).payments.commissionBp).toBe(1);
    for (const bad of ['50.01', '-1', '1.234', '1e1', 'ten', ' 5', '0x10', '100'])
      expect(() => loadConfig({ MARKETPLACE_COMMISSION_PERCENT: bad }), bad).toThrow(
        /MARKETPLACE_COMMISSION_PERCENT: must be a percentage from 0 to 50/,
      );
  });

  it('pays the nursery directly by default, with a week to pay unless PAYMENT_WINDOW_HOURS says otherwise', () => {
    expect(loadConfig({}).payments).toMatchObject({ provider: 'direct', commissionBp: 0, windowHours: 168 });
    expect(loadConfig({ PAYMENT_WINDOW_HOURS: '24' }).payments.windowHours).toBe(24);
    expect(loadConfig({ PAYMENT_WINDOW_HOURS: '720' }).payments.windowHours).toBe(720);
    for (const bad of ['0', '721', '1.5', '-3', 'week'])
      expect(() => loadConfig({ PAYMENT_WINDOW_HOURS: bad }), bad).toThrow(/PAYMENT_WINDOW_HOURS: must be/);
  });

  it('lets one buyer hold 5 orders and $10,000 unpaid unless UNPAID_ORDERS_MAX and UNPAID_TOTAL_MAX_DOLLARS say otherwise', () => {
    expect(loadConfig({}).payments.unpaidLimit).toEqual({ orders: 5, cents: 1_000_000 });
    expect(
      loadConfig({ UNPAID_ORDERS_MAX: '1', UNPAID_TOTAL_MAX_DOLLARS: '20000000' }).payments.unpaidLimit,
    ).toEqual({ orders: 1, cents: 2_000_000_000 });
    for (const bad of ['0', '-1', '1.5', 'five', '0x10'])
      expect(() => loadConfig({ UNPAID_ORDERS_MAX: bad }), bad).toThrow(/UNPAID_ORDERS_MAX: must be/);
    for (const bad of ['0', '20000001', '99.99', '1e3', 'lots'])
      expect(() => loadConfig({ UNPAID_TOTAL_MAX_DOLLARS: bad }), bad).toThrow(
        /UNPAID_TOTAL_MAX_DOLLARS: must be/,
      );
  });

  it('takes Stripe with its key and both signing secrets, and names each one missing or malformed', () => {
    const stripe = {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abcdefgh12345678',
      STRIPE_WEBHOOK_SECRET: 'whsec_platform_test',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect_test',
    };
    expect(loadConfig(stripe).payments).toMatchObject({
      provider: 'stripe',
      windowHours: 24,
      stripe: { secretKey: 'sk_test_abcdefgh12345678', apiUrl: undefined },
    });
    expect(loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }).payments.stripe?.apiUrl).toBe(
      'http://127.0.0.1:12111',
    );
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_CONNECT_WEBHOOK_SECRET'])
      expect(() => loadConfig({ ...stripe, [name]: undefined }), name).toThrow(
        new RegExp(`${name}: must be set with PAYMENTS_PROVIDER=stripe`),
      );
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_abcdefgh12345678' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/,
    );
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL: must be/);
    expect(() => loadConfig({ ...stripe, PAYMENT_WINDOW_HOURS: '48' })).toThrow(
      /PAYMENT_WINDOW_HOURS: must be at most 24 hours with PAYMENTS_PROVIDER=stripe/,
    );
    expect(() => loadConfig({ ...stripe, NODE_ENV: 'production', SEED_DEMO: 'false' })).toThrow(
      /PUBLIC_ORIGIN/,
    );
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'paypal' })).toThrow(
      /PAYMENTS_PROVIDER: must be one of direct, stripe/,
    );
    // Without Stripe, its settings are not asked for.
    expect(loadConfig({}).payments.stripe).toBeUndefined();
  });

  it('keeps photos under DATA_DIR/uploads by default, and asks for nothing of S3', () => {
    expect(loadConfig({ DATA_DIR: '/srv/dfm' }).photos).toEqual({ store: 'local', dir: '/srv/dfm/uploads' });
    expect(loadConfig({}).photos).toEqual({ store: 'local', dir: `${loadConfig({}).dataDir}/uploads` });
    expect(loadConfig({ PHOTO_STORE: 'local', S3_BUCKET: 'photos' }).photos.store).toBe('local');
  });

  it('takes an S3 bucket with its key pair, and names each setting missing or malformed', () => {
    const s3 = {
      PHOTO_STORE: 's3',
      S3_BUCKET: 'dfm-photos',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE123',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    };
    expect(loadConfig(s3).photos).toEqual({
      store: 's3',
      bucket: 'dfm-photos',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: 'AKIAEXAMPLE123',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(
      loadConfig({ ...s3, S3_REGION: 'auto', S3_ENDPOINT: 'http://127.0.0.1:9000' }).photos,
    ).toMatchObject({ store: 's3', region: 'auto', endpoint: 'http://127.0.0.1:9000' });
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(() => loadConfig({ ...s3, [name]: undefined }), name).toThrow(
        new RegExp(`${name}: must be set with PHOTO_STORE=s3`),
      );
      // Set to nothing is missing too, not a malformed value.
      expect(() => loadConfig({ ...s3, [name]: '' }), name).toThrow(
        new RegExp(`${name}: must be set with PHOTO_STORE=s3`),
      );
    }
    // Every missing setting is named at once, so one restart fixes them all.
    expect(() => loadConfig({ PHOTO_STORE: 's3' })).toThrow(
      /S3_BUCKET: must be set[\s\S]*S3_ACCESS_KEY_ID: must be set[\s\S]*S3_SECRET_ACCESS_KEY: must be set/,
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Dragon Fruit' })).toThrow(
      /S3_BUCKET: must be a bucket name/,
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'https://s3.example.com/?x=1' })).toThrow(
      /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadConfig({ PHOTO_STORE: 'S3' })).toThrow(/PHOTO_STORE: must be one of local, s3/);
  });

  it('refuses TRUST_PROXY=true, which would let a client pick its own address, and says what to give', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*number of proxies.*got "true"/);
  });
});
