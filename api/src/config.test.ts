import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs on embedded defaults with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      stripe: undefined,
      currency: 'USD',
      seedDemo: true,
      admin: { email: 'admin@example.com', password: undefined },
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('treats empty strings as unset and normalises values', () => {
    const config = loadConfig({
      DATABASE_URL: '',
      PORT: '8080',
      CURRENCY: 'eur',
      PUBLIC_URL: 'https://shop.example/',
      SEED_DEMO: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      currency: 'EUR',
      publicUrl: 'https://shop.example',
      seedDemo: false,
      databaseUrl: undefined,
    });
  });

  it('stops with one message that lists every bad key', () => {
    const bad = {
      PORT: 'eighty',
      DATABASE_URL: 'mysql://nope',
      CURRENCY: 'dollars',
      STRIPE_SECRET_KEY: 'sk_test_123',
      LOG_LEVEL: 'loud',
      SEED_DEMO: 'maybe',
    };
    let error: unknown;
    try {
      loadConfig(bad);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const key of ['PORT', 'DATABASE_URL', 'CURRENCY', 'STRIPE_WEBHOOK_SECRET', 'LOG_LEVEL', 'SEED_DEMO']) {
      expect(message).toContain(key);
    }
    expect((error as ConfigError).problems).toHaveLength(6);
  });

  it('reads DATABASE_POOL_SIZE as a whole number of connections from 1 to 100, unset by default', () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: '8' }).databasePoolSize).toBe(8);
    for (const bad of ['0', '101', '2.5', 'four']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });

  it('configures Stripe only when its keys are complete', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      publishableKey: 'pk_test_1',
      apiBase: undefined,
    });
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, and refuses true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.local', '1.2.3']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/number of proxies/);
  });

  it('refuses TRUST_PROXY ranges wider than /8 (IPv4) or /32 (IPv6): they cover clients, not proxies', () => {
    for (const bad of ['0.0.0.0/0', '0.0.0.0/1,128.0.0.0/1', '10.0.0.0/7', '::/0', '2001:db8::/31', '127.0.0.1,::/1']) {
      let error: unknown;
      try {
        loadConfig({ TRUST_PROXY: bad });
      } catch (caught) {
        error = caught;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems, bad).toEqual([expect.stringMatching(/^TRUST_PROXY: .*covers far more/)]);
    }
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,2001:db8::/32,::1/128' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      '::1/128',
    ]);
  });

  it('reads an IPv4-mapped range ::ffff:a.b.c.d/n as the IPv4 range a.b.c.d/(n−96), held to the IPv4 minimum', () => {
    // Each matches every IPv4 client (or a /8's worth and more) as the IPv4 range it maps.
    for (const bad of ['::ffff:0:0/96', '::ffff:0.0.0.0/96', '0:0:0:0:0:FFFF:0:0/100', '::ffff:10.0.0.0/103']) {
      let error: unknown;
      try {
        loadConfig({ TRUST_PROXY: bad });
      } catch (caught) {
        error = caught;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems, bad).toEqual([
        expect.stringMatching(
          /^TRUST_PROXY: .*covers far more.*::ffff:a\.b\.c\.d\/n is the IPv4 range a\.b\.c\.d\/\(n−96\)/,
        ),
      ]);
    }
    expect(loadConfig({ TRUST_PROXY: '::ffff:10.0.0.0/104,::ffff:10.1.2.3' }).trustProxy).toEqual([
      '::ffff:10.0.0.0/104',
      '::ffff:10.1.2.3',
    ]);
  });

  it('refuses an ECONT_URL that is not HTTPS in production (it carries the Econt login), and plain http off loopback', () => {
    const production = {
      NODE_ENV: 'production',
      PAYMENTS: 'off',
      MAIL: 'outbox',
      ECONT_USER: 'shop',
      ECONT_PASSWORD: 'pw',
    };
    for (const bad of ['http://ee.econt.com/services', 'http://127.0.0.1:9000/services']) {
      expect(() => loadConfig({ ...production, ECONT_URL: bad }), bad).toThrow(
        /ECONT_URL: must be an https:\/\/ address/,
      );
    }
    expect(loadConfig({ ...production, ECONT_URL: 'https://ee.econt.com/services' }).econt?.url).toBe(
      'https://ee.econt.com/services',
    );
    // Outside production, a local stand-in over plain http (the tests' fake Econt), and only that.
    expect(loadConfig({ ECONT_URL: 'http://127.0.0.1:9000/services' }).env).toBe('development');
    expect(() => loadConfig({ ECONT_URL: 'http://econt.example.com/services' })).toThrow(/ECONT_URL/);
    expect(() => loadConfig({ ECONT_URL: 'ftp://ee.econt.com/services' })).toThrow(/ECONT_URL/);
  });

  it('takes card payments with Stripe when its keys are set, else on the test page outside production', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PUBLISHABLE_KEY: 'pk_1' };
    expect(loadConfig({}).payments).toBe('test');
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toBe('test');
    expect(loadConfig(stripe).payments).toBe('stripe');
    const site = { PUBLIC_URL: 'https://shop.example' };
    expect(loadConfig({ ...stripe, ...site, NODE_ENV: 'production', SMTP_URL: 'smtp://mail' })).toMatchObject({
      payments: 'stripe',
      mail: 'smtp',
      warnings: [],
    });
    expect(loadConfig({ PAYMENTS: 'off' }).payments).toBe('off');
    expect(loadConfig({ ...stripe, PAYMENTS: 'test' }).payments).toBe('test');
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/PAYMENTS: stripe needs STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENTS: 'card' })).toThrow(/PAYMENTS/);
  });

  it('refuses production without Stripe unless PAYMENTS=test (warned) or PAYMENTS=off', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail', PUBLIC_URL: 'https://shop.example' };
    let error: unknown;
    try {
      loadConfig(production);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      expect.stringMatching(/^PAYMENTS: in production card payments need Stripe .*PAYMENTS=off/),
    ]);
    expect(loadConfig({ ...production, PAYMENTS: 'off' })).toMatchObject({ payments: 'off', warnings: [] });
    const test = loadConfig({ ...production, PAYMENTS: 'test' });
    expect(test.payments).toBe('test');
    expect(test.warnings).toEqual([expect.stringMatching(/^PAYMENTS=test in production: .*TEST PAYMENT/)]);
  });

  it('warns a production shop whose PUBLIC_URL is not HTTPS (mail links, one-click unsubscription), not a command', () => {
    const production = { NODE_ENV: 'production', PAYMENTS: 'off', SMTP_URL: 'smtp://mail' };
    const warned = [
      expect.stringMatching(/^PUBLIC_URL is not an https:\/\/ address in production \(unset\): .*RFC 8058/),
    ];
    expect(loadConfig(production).warnings).toEqual(warned);
    expect(loadConfig({ ...production, PUBLIC_URL: 'http://shop.example' }).warnings).toEqual([
      expect.stringContaining('(http://shop.example)'),
    ]);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://shop.example' }).warnings).toEqual([]);
    expect(loadConfig(production, { for: 'command' }).warnings).toEqual([]);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).warnings).toEqual([]);
  });

  it('refuses production without SMTP_URL unless MAIL=outbox (warned)', () => {
    const production = { NODE_ENV: 'production', PAYMENTS: 'off', PUBLIC_URL: 'https://shop.example' };
    expect(() => loadConfig(production)).toThrow(/SMTP_URL: is required in production/);
    const outbox = loadConfig({ ...production, MAIL: 'outbox', DATA_DIR: '/srv/shop' });
    expect(outbox.mail).toBe('outbox');
    expect(outbox.warnings).toEqual([
      'MAIL=outbox in production: no mail is sent; each is written to /srv/shop/outbox.',
    ]);
    expect(loadConfig({}).mail).toBe('outbox');
    expect(loadConfig({ SMTP_URL: 'smtp://mail' }).mail).toBe('smtp');
    expect(() => loadConfig({ MAIL: 'smtp' })).toThrow(/MAIL: smtp needs SMTP_URL/);
    // Both at once: one message lists both.
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENTS: [\s\S]*SMTP_URL: /);
  });

  it('lets commands (admin password, backup, restore) run in production: they take no payment and send no mail', () => {
    expect(loadConfig({ NODE_ENV: 'production' }, { for: 'command' })).toMatchObject({ env: 'production' });
  });

  it('holds ADMIN_PASSWORD to the password policy of every account', () => {
    for (const bad of ['        ', 'aaaaaaaaaa', 'password1', 'short']) {
      expect(() => loadConfig({ ADMIN_PASSWORD: bad }), JSON.stringify(bad)).toThrow(/ADMIN_PASSWORD/);
    }
    expect(loadConfig({ ADMIN_PASSWORD: 'a long and unusual passphrase' }).admin.password).toBe(
      'a long and unusual passphrase',
    );
  });

  it('keeps backups in DATA_DIR/backups, the last 7, every 24 hours, and metrics off by default', () => {
    const config = loadConfig({ DATA_DIR: '/srv/shop' });
    expect(config.backup).toEqual({ dir: '/srv/shop/backups', keep: 7, intervalHours: 24 });
    expect(config.metricsToken).toBeUndefined();
  });

  it('reads BACKUP_DIR, BACKUP_KEEP, BACKUP_INTERVAL_HOURS and METRICS_TOKEN, and lists bad ones', () => {
    const config = loadConfig({
      BACKUP_DIR: '/mnt/backups',
      BACKUP_KEEP: '30',
      BACKUP_INTERVAL_HOURS: '0',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
    });
    expect(config.backup).toEqual({ dir: '/mnt/backups', keep: 30, intervalHours: 0 });
    expect(config.metricsToken).toBe('a-long-enough-metrics-token');

    let error: unknown;
    try {
      loadConfig({ BACKUP_KEEP: '0', BACKUP_INTERVAL_HOURS: '-1', METRICS_TOKEN: 'short' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'BACKUP_INTERVAL_HOURS',
      'BACKUP_KEEP',
      'METRICS_TOKEN',
    ]);
  });
});
