import { z } from 'zod';

/**
 * Which proxies' `X-Forwarded-For` to believe, in the forms fastify's `trustProxy` takes: `true` (any: only
 * when nothing but the proxy can reach the app), `false`, how many proxies stand in front (`1`), or the
 * proxies' addresses and networks (`10.0.0.0/8,192.168.1.5`, or proxy-addr's `loopback`, `linklocal`,
 * `uniquelocal`).
 */
const ZTrustProxy = z.union(
  [
    z.enum(['true', 'false']).transform((v) => v === 'true'),
    z
      .string()
      .regex(/^\d{1,2}$/)
      .transform(Number),
    z
      .string()
      .transform((v) => v.split(',').map((part) => part.trim()))
      .pipe(
        z
          .array(
            z.union([
              z.ipv4(),
              z.ipv6(),
              z.cidrv4(),
              z.cidrv6(),
              z.enum(['loopback', 'linklocal', 'uniquelocal']),
            ]),
          )
          .min(1),
      ),
  ],
  { error: 'must be true, false, a number of proxies, or proxy addresses/CIDRs separated by commas' },
);

/** Every setting the processes read. Defaults work on a developer machine with local Postgres and Redis. */
export const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .default('postgres://postgres@127.0.0.1:5432/northern_guard'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  /** The prefix of every Redis key and channel of this install; unset: `ng-<database name>`. */
  REDIS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/, 'must be letters, digits, _ . or - (at most 100)')
    .optional(),
  EVENTSTORE_URL: z
    .string()
    .regex(/^(esdb|esdb\+discover|kurrentdb|kurrentdb\+discover):\/\//, 'must start with esdb://')
    .optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  /** The address people use to reach the site (links in mail); defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  FILES_DIR: z.string().default('.data/files'),
  OUTBOX_DIR: z.string().default('.data/outbox'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Northern Guard <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a command's answer waits for the read models to show its events. */
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).default(2000),
  /** /readyz fails when a projection is further behind than this. */
  READY_MAX_LAG_SECONDS: z.coerce.number().min(0).default(30),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  PUBLIC_FORM_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  TRUST_PROXY: ZTrustProxy.default(false),
  /** A request whose body has not fully arrived after this long is cut (slow senders hold no connection). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** The same bound for multipart uploads (photos, logo), and the outer bound of any request. */
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /** How long a signed file address (photos, documents) stays valid; reads hand out fresh ones. */
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  /** Google Calendar sync (issue 13.4): the OAuth client; without both, connecting is not offered. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Where Google sends the admin back; default `<PUBLIC_URL>/api/auth/google/callback` (register it at Google). */
  GOOGLE_REDIRECT_URI: z.url().optional(),
  /** Tests: a local fake of Google's OAuth endpoints (auth at /o/oauth2/v2/auth, /token, /revoke) and API root. */
  GOOGLE_OAUTH_BASE_URL: z.url().optional(),
  GOOGLE_API_ROOT_URL: z.url().optional(),
  /** 32 bytes as base64 or hex that encrypt stored calendar tokens; unset: a key made once, kept in Postgres. */
  CALENDAR_TOKEN_KEY: z.string().optional(),
  /** Stripe card payments (issue 15.4): without the secret and webhook keys, card payment is off (STRIPE_NOT_CONFIGURED). */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** The webhook endpoint's signing secret (`whsec_...`) that POST /api/stripe/webhook verifies bodies with. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Tests: a local fake of Stripe's API (http://127.0.0.1:PORT). */
  STRIPE_API_BASE: z.url().optional(),
});
export type Config = z.infer<typeof ZConfig> & { PUBLIC_URL: string; REDIS_NAMESPACE: string };

/**
 * Installs sharing one Redis (staging beside production, test apps) never share a key: rate-limit counters,
 * job queues, live frames and presence are all under this prefix, the database's name unless set.
 */
export const redisNamespaceOf = (databaseUrl: string) =>
  `ng-${decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'default'}`;

/** Card payments are on when the server can both take them (secret key) and hear about them (webhook secret). */
export const cardPaymentsConfigured = (config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>) =>
  Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET);

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops start-up with one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ZConfig.safeParse(cleaned);
  if (parsed.success)
    return {
      ...parsed.data,
      PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`,
      REDIS_NAMESPACE: parsed.data.REDIS_NAMESPACE ?? redisNamespaceOf(parsed.data.DATABASE_URL),
    };
  const issue = parsed.error.issues[0]!;
  throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
}
