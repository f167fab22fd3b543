import { BlockList, isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shop/contract';
import { z } from 'zod';
import { isLoopback } from './lib/loopback.js';
import { passwordProblem } from './platform/security/password-policy.js';

/**
 * The only reader of process.env. Every variable is optional; a bad value stops start-up
 * with one message that lists every bad key.
 */
const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

/** An IPv4 or IPv6 address, with an optional /prefix. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * The shortest prefix a trusted proxy range may have. A wider one names no proxy: it (or a few of
 * them, `0.0.0.0/1,128.0.0.0/1`) covers every client, which could then choose its own address.
 */
const SHORTEST_PREFIX = { 4: 8, 6: 32 } as const;

/** The IPv4-mapped IPv6 addresses (`::ffff:a.b.c.d`, in any spelling). */
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * The IP version and prefix an entry covers. An IPv4-mapped range `::ffff:a.b.c.d/n` is the IPv4
 * range a.b.c.d/(n−96): the proxy check (proxy-addr) matches IPv4 clients against it, so
 * `::ffff:0:0/96` is every IPv4 address.
 */
function span(address: string, prefix: number): { version: 4 | 6; prefix: number } {
  if (isIP(address) === 4) return { version: 4, prefix };
  return IPV4_MAPPED.check(address, 'ipv6') ? { version: 4, prefix: prefix - 96 } : { version: 6, prefix };
}

/** The entries whose prefix is shorter than SHORTEST_PREFIX for the IP version they cover. */
function tooWide(entries: string[]): string[] {
  return entries.filter((entry) => {
    const [address = '', prefix] = entry.split('/');
    if (prefix === undefined) return false;
    const covered = span(address, Number(prefix));
    return covered.prefix < SHORTEST_PREFIX[covered.version];
  });
}

/**
 * Which `X-Forwarded-For` hops to believe: none (`false`), the last N (the number of proxies in
 * front of the shop), or those added by the listed proxy addresses. `true` (every hop) would let
 * any client name its own address and void every per-address limit, so it is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const wide = entries.every(isAddressOrCidr) ? tooWide(entries) : [];
    if (wide.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          `${wide.join(', ')} covers far more than a proxy: any client in it could choose its own address. ` +
          'Name the proxies (prefixes of at least /8 for IPv4 and /32 for IPv6, e.g. TRUST_PROXY=10.0.0.0/8; ' +
          'an IPv4-mapped ::ffff:a.b.c.d/n is the IPv4 range a.b.c.d/(n−96))',
      });
      return z.NEVER;
    }
    if (value !== 'true' && entries.every(isAddressOrCidr)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        value === 'true'
          ? 'true would trust every X-Forwarded-For hop, so any client could choose its own address. Set the number ' +
            'of proxies in front of the shop (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8)'
          : 'must be false, a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or CIDRs',
    });
    return z.NEVER;
  });

/** A service URL a login may be sent to: HTTPS, or (outside production) plain http to this machine (a test's stand-in). */
const carriesLoginSafely = (url: URL, production: boolean) =>
  url.protocol === 'https:' || (!production && url.protocol === 'http:' && isLoopback(url));

export const PAYMENT_MODES = ['stripe', 'test', 'off'] as const;
export type PaymentsMode = (typeof PAYMENT_MODES)[number];
export const MAIL_MODES = ['smtp', 'outbox'] as const;
export type MailMode = (typeof MAIL_MODES)[number];

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
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
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
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX)
    .superRefine((password, ctx) => {
      // The same policy as every other account's password.
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  SEED_DEMO: boolean.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  /** Where backups go: automatic ones on the embedded database, and `npm run backup` without --out. */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Hours between automatic backups of the embedded database; 0 turns them off. */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  /** Card payments: Stripe, the built-in test page, or none (cash on delivery only). */
  PAYMENTS: z.enum(PAYMENT_MODES).optional(),
  /** Mail: SMTP, or .eml files in DATA_DIR/outbox (in production only when asked for). */
  MAIL: z.enum(MAIL_MODES).optional(),
  /** Econt (docs/decisions/0044): its account switches the courier from the built-in one to Econt. */
  ECONT_USER: z.string().min(1).max(200).optional(),
  ECONT_PASSWORD: z.string().min(1).max(200).optional(),
  /** Econt's JSON services; their public demo service by default. */
  ECONT_URL: z.url().default('https://demo.econt.com/ee/services'),
  /** Bearer token for GET /api/metrics; unset, the route answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Pages (server-rendered or the app's index.html) one client may ask for a minute. */
  PAGE_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  /** New searches (not yet kept in the cache) one client may have the server build a minute. */
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections for requests; unset: the database module's default (docs/decisions/0103). */
  databasePoolSize: number | undefined;
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
  /** Fastify's `trustProxy`: false, a hop count or the proxies' addresses. */
  trustProxy: false | number | string[];
  backup: { dir: string; keep: number; intervalHours: number };
  metricsToken: string | undefined;
  /** Pages one client may ask for a minute (PAGE_RATE_LIMIT): beyond it, 429. */
  pageRateLimit: number;
  /** New searches one client may have built a minute (SEARCH_RATE_LIMIT): beyond it, 429. */
  searchRateLimit: number;
  /** Econt's account when ECONT_USER and ECONT_PASSWORD are set; otherwise the built-in courier. */
  econt: { user: string; password: string; url: string } | undefined;
  /** Card payments: `stripe`, the built-in test page (`test`), or none (`off`: cash on delivery only). */
  payments: PaymentsMode;
  /** Where mail goes: SMTP_URL, or the outbox in DATA_DIR. */
  mail: MailMode;
  /** What an operator must read at start: a production shop running on a stand-in (printed by main). */
  warnings: string[];
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the configuration; empty strings count as unset. A command (`for: 'command'`: admin
 * password, backup, restore) takes no payments and sends no mail, so a production shop's
 * PAYMENTS and MAIL requirements do not stop it.
 */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  { for: purpose = 'server' }: { for?: 'server' | 'command' } = {},
): Config {
  const keys = Object.keys(EnvSchema.shape);
  const raw = Object.fromEntries(keys.map((key) => [key, source[key] === '' ? undefined : source[key]]));
  const parsed = EnvSchema.safeParse(raw);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // Checked beside the schema so that it is listed together with every other bad key.
  if (raw.STRIPE_SECRET_KEY && !raw.STRIPE_WEBHOOK_SECRET)
    problems.push('STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY');
  if (Boolean(raw.ECONT_USER) !== Boolean(raw.ECONT_PASSWORD))
    problems.push('ECONT_USER, ECONT_PASSWORD: set both (Econt) or neither (the built-in courier)');
  const production = raw.NODE_ENV === 'production';
  if (parsed.success && !carriesLoginSafely(new URL(parsed.data.ECONT_URL), production))
    problems.push(
      `ECONT_URL: must be an https:// address (it carries the Econt login)${production ? '' : ', or a local http:// stand-in'}`,
    );
  const payments = paymentsMode(raw, production && purpose === 'server', problems);
  const mail = mailMode(raw, production && purpose === 'server', problems);
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  const warnings = [
    ...(production && payments === 'test'
      ? [
          'PAYMENTS=test in production: the built-in test page takes card payments, and no money moves. ' +
            'Orders paid on it are marked TEST PAYMENT and are not sales: no sale document, no invoice, no document ' +
            'number, and the audit file is refused. Set the Stripe keys, or PAYMENTS=off for cash on delivery only.',
        ]
      : []),
    ...(production && purpose === 'server' && !(env.PUBLIC_URL ?? '').startsWith('https://')
      ? [
          `PUBLIC_URL is not an https:// address in production (${env.PUBLIC_URL ?? 'unset'}): the links in mails ` +
            'point to it, and marketing mail goes without one-click unsubscription (RFC 8058 asks an HTTPS link), ' +
            'which large mailbox providers require of bulk senders. Set PUBLIC_URL=https://your-domain.',
        ]
      : []),
    ...(production && mail === 'outbox'
      ? [`MAIL=outbox in production: no mail is sent; each is written to ${join(resolve(env.DATA_DIR), 'outbox')}.`]
      : []),
  ];
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
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
    backup: {
      dir: resolve(env.BACKUP_DIR ?? join(env.DATA_DIR, 'backups')),
      keep: env.BACKUP_KEEP,
      intervalHours: env.BACKUP_INTERVAL_HOURS,
    },
    metricsToken: env.METRICS_TOKEN,
    pageRateLimit: env.PAGE_RATE_LIMIT,
    searchRateLimit: env.SEARCH_RATE_LIMIT,
    econt:
      env.ECONT_USER && env.ECONT_PASSWORD
        ? { user: env.ECONT_USER, password: env.ECONT_PASSWORD, url: env.ECONT_URL }
        : undefined,
    payments,
    mail,
    warnings,
  };
}

/**
 * PAYMENTS, or what it is without it: Stripe when its keys are set, the test page outside
 * production. A production shop never falls back on the test page: it marks orders paid with
 * no money moved, so it must be asked for by name (or cards switched off).
 */
function paymentsMode(raw: Record<string, string | undefined>, production: boolean, problems: string[]): PaymentsMode {
  const asked = PAYMENT_MODES.find((mode) => mode === raw.PAYMENTS);
  if (raw.PAYMENTS !== undefined && !asked) return 'off'; // the schema lists the bad value
  const mode = asked ?? (raw.STRIPE_SECRET_KEY ? 'stripe' : 'test');
  if (mode === 'stripe' && !raw.STRIPE_SECRET_KEY)
    problems.push('PAYMENTS: stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
  else if (production && !asked && mode === 'test')
    problems.push(
      'PAYMENTS: in production card payments need Stripe (set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and ' +
        'STRIPE_WEBHOOK_SECRET), or PAYMENTS=off for cash on delivery only. PAYMENTS=test runs the built-in ' +
        'test page, which marks orders paid with no money moved',
    );
  return mode;
}

/** MAIL, or what it is without it: SMTP when SMTP_URL is set; the outbox only outside production unless asked. */
function mailMode(raw: Record<string, string | undefined>, production: boolean, problems: string[]): MailMode {
  const asked = MAIL_MODES.find((mode) => mode === raw.MAIL);
  if (raw.MAIL !== undefined && !asked) return 'outbox'; // the schema lists the bad value
  const mode = asked ?? (raw.SMTP_URL ? 'smtp' : 'outbox');
  if (mode === 'smtp' && !raw.SMTP_URL) problems.push('MAIL: smtp needs SMTP_URL');
  else if (production && !asked && mode === 'outbox')
    problems.push(
      'SMTP_URL: is required in production, where shoppers must receive their mail (sign-up codes, reset links, ' +
        'orders). MAIL=outbox writes every mail to DATA_DIR/outbox instead and sends none',
    );
  return mode;
}
