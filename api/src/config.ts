import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every variable is optional; a bad value stops start-up
 * with one message that lists every bad key.
 */
const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Atelier Noir <no-reply@atelier-noir.local>'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  /** Points the Stripe SDK at another host (tests use a local fake). Not for production. */
  STRIPE_API_BASE: z.url().optional(),
  CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter ISO currency code')
    .transform((code) => code.toUpperCase())
    .default('USD'),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  SEED_DEMO: boolean.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: boolean.default(false),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe:
    | { secretKey: string; publishableKey: string | undefined; webhookSecret: string; apiBase: string | undefined }
    | undefined;
  currency: string;
  admin: { email: string; password: string | undefined };
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration; empty strings count as unset. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const keys = Object.keys(EnvSchema.shape);
  const raw = Object.fromEntries(keys.map((key) => [key, source[key] === '' ? undefined : source[key]]));
  const parsed = EnvSchema.safeParse(raw);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // Checked beside the schema so that it is listed together with every other bad key.
  if (raw.STRIPE_SECRET_KEY && !raw.STRIPE_WEBHOOK_SECRET)
    problems.push('STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY');
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
          apiBase: env.STRIPE_API_BASE,
        }
      : undefined,
    currency: env.CURRENCY,
    admin: { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD },
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
  };
}
