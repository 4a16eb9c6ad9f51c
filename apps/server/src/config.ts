import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AUTH_RATE_LIMIT } from '@inkwell/contract';
import { z } from 'zod';

const booleanish = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  MEDIA_DRIVER: z.enum(['disk', 's3']).default('disk'),
  REDIS_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Inkwell <no-reply@inkwell.local>'),
  PUBLIC_URL: z.url().optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  WEB_ORIGINS: z.string().optional(),
  SEED_DEMO: booleanish.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanish.default(false),
  /** Encode an AVIF twin of every uploaded image in the background. */
  MEDIA_AVIF: booleanish.default(true),
  /**
   * Sign-ins, sign-ups and reset requests allowed per address per 5 minutes (issue 2). Raised for the
   * browser journeys, which all sign in from one address; leave it alone in production.
   */
  AUTH_ATTEMPTS_PER_WINDOW: z.coerce.number().int().min(1).max(100_000).default(AUTH_RATE_LIMIT.max),
  /**
   * Seconds a shutting-down instance keeps serving while its health check answers 503, so the load
   * balancer stops sending readers before it stops listening (issue 20 §1). Set it above the
   * balancer's health-check interval; 0 closes at once. Production default 5, otherwise 0.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).optional(),
  /**
   * How long a job may run before it is taken for lost (its instance died) and retried by another,
   * and how often an instance looks for such jobs. Longer than any job's honest run.
   */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Lets readers' push subscriptions point at loopback or private addresses, and http:// (tests' push service only). */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: booleanish.default(false),
  /**
   * Lets the browser journeys move the server's clock (`PUT /api/test/clock`), to see a pass
   * recharge without waiting a day. Never in production.
   */
  TEST_CLOCK: booleanish.default(false),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanish.default(false),
  // Prefixes catch a swapped key (a publishable pk_ key, or the signing secret in the key's place); the values are never echoed.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a secret or restricted key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  /** Where the Stripe SDK sends its calls: Stripe itself unless a test points it at a fake on loopback. */
  STRIPE_API_BASE: z
    .url()
    .refine((value) => /^https?:$/.test(new URL(value).protocol), 'must be an http:// or https:// URL')
    .default('https://api.stripe.com'),
  /** Stripe computes tax at checkout and collects the buyer's address for it (issue 38 §3). */
  STRIPE_TAX: booleanish.default(false),
});

/** Stripe, when configured: the keys and where its API lives (host, port and protocol, as the SDK's constructor takes them). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  api: { host: string; port: number; protocol: 'http' | 'https' };
  /** Checkout asks Stripe Tax for the tax on top of the price (STRIPE_TAX=1). */
  tax: boolean;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mediaDriver: 'disk' | 's3';
  mediaAvif: boolean;
  /** Push subscriptions may point at loopback and private addresses (tests). */
  pushAllowPrivateEndpoints: boolean;
  testClock: boolean;
  /** Seconds between a shutdown signal and closing, while the balancer takes the instance out. */
  shutdownDrainSeconds: number;
  /** pg-boss: a job running longer than `expireSeconds` is retried; looked for every `maintenanceSeconds`. */
  jobTimeouts: { expireSeconds: number; maintenanceSeconds: number };
  /** Sign-ins, sign-ups and reset requests per address per window. */
  authRateLimit: { max: number; windowMs: number };
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  sessionSecret: string;
  /** Origins allowed to make credentialed, state-changing calls besides the site's own. */
  webOrigins: string[];
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Where the built SPA lives; unset when the API runs without it (tests, dev). */
  webDistDir: string | undefined;
  /** Stripe when both its key and its webhook secret are set; otherwise the built-in test checkout (DESIGN §3). */
  stripe: StripeConfig | undefined;
}

/**
 * Reads the environment into a typed config, read-only: whoever needs another value (main.ts's
 * web folder, a test's) makes a new object. Throws with every problem listed at once, so an
 * operator fixes them in one go.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  // An empty variable (FOO=) means unset, as operators expect.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...findMissingVariables(given),
  ];
  if (!parsed.success || problems.length > 0) {
    throw new Error(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    mediaDriver: e.MEDIA_DRIVER,
    mediaAvif: e.MEDIA_AVIF,
    pushAllowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    testClock: e.TEST_CLOCK,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 0),
    jobTimeouts: { expireSeconds: e.JOB_EXPIRE_SECONDS, maintenanceSeconds: e.JOB_MAINTENANCE_SECONDS },
    authRateLimit: { max: e.AUTH_ATTEMPTS_PER_WINDOW, windowMs: AUTH_RATE_LIMIT.windowMs },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    webOrigins: (e.WEB_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            api: stripeApi(e.STRIPE_API_BASE),
            tax: e.STRIPE_TAX,
          }
        : undefined,
  };
}

/**
 * The variables one setting makes required, judged on what was given (so they are reported with
 * the schema's problems, not after them).
 */
function findMissingVariables(given: Record<string, string | undefined>): string[] {
  const missing: string[] = [];
  if (given.MEDIA_DRIVER === 's3' && !given.S3_BUCKET) missing.push('S3_BUCKET: required when MEDIA_DRIVER=s3');
  if (given.NODE_ENV === 'production' && !given.SESSION_SECRET) missing.push('SESSION_SECRET: required in production');
  if (given.NODE_ENV === 'production' && ['1', 'true'].includes(given.TEST_CLOCK ?? ''))
    missing.push('TEST_CLOCK: must be off in production');
  // Half a Stripe setup would quietly leave the free test checkout on: refuse to start instead.
  if (Boolean(given.STRIPE_SECRET_KEY) !== Boolean(given.STRIPE_WEBHOOK_SECRET)) {
    const name = given.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    missing.push(`${name}: required when the other Stripe variable is set`);
  }
  return missing;
}

function stripeApi(base: string): StripeConfig['api'] {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** DESIGN §3: without SESSION_SECRET, one is generated on first start and kept in DATA_DIR. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
