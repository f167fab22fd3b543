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
});
