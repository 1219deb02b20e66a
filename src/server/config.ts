import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable Mugen reads, parsed once. Each one is listed in .env.example.
 * A bad value stops the start with a one-line message naming the variable.
 */
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_SEED: bool.optional(),
  TRUST_PROXY: bool.default(false),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TTS_PROVIDER: z.enum(['espeak']).default('espeak'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9/_-]*$/, 'letters, digits, / _ - only')
    .default(''),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER_URL: z.string().url().default('https://accounts.google.com'),
  INVITES_PER_MEMBER: z.coerce.number().int().min(0).max(100).default(3),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
    .optional(),
  PUSH_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  RATE_LIMIT_SCALE: z.coerce.number().min(0).max(1000).default(1),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string | undefined;
  databaseUrl: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Seed the demo content on a fresh database: on by default, never in production. */
  demoSeed: boolean;
  trustProxy: boolean;
  sessionTtlDays: number;
  ttsProvider: Env['TTS_PROVIDER'];
  /** Media in an S3-compatible bucket when S3_BUCKET is set, else files under DATA_DIR/media. */
  s3:
    | {
        bucket: string;
        endpoint?: string;
        region: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
        prefix: string;
      }
    | undefined;
  /** Google (or any OpenID Connect issuer) sign-in; undefined when not configured. */
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | undefined;
  /** The development account chooser and POST /api/auth/dev-login: only without Google and never in production. */
  devLogin: boolean;
  /** Web push (VAPID). Keys are generated into DATA_DIR when not configured. */
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** How often the push dispatcher looks for notifications to deliver; 0 turns it off. */
  pushPollMs: number;
  /** Multiplies every rate limit; 0 turns rate limiting off. */
  rateLimitScale: number;
  /** Single-use invitation codes a new member receives. */
  invitesPerMember: number;
  /** Where the built web app lives; undefined in API-only tests. */
  webDir: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    const missing = e.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    throw new ConfigError(`Invalid ${missing}="": GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together`);
  }
  const oidc =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
      : undefined;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    throw new ConfigError(`Invalid ${missing}="": VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together`);
  }
  if (isProduction && e.DEMO_SEED) throw new ConfigError('Invalid DEMO_SEED=true: the demo seed is never run when NODE_ENV=production');
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: e.PUBLIC_URL,
    databaseUrl: e.DATABASE_URL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    demoSeed: isProduction ? false : (e.DEMO_SEED ?? true),
    trustProxy: e.TRUST_PROXY,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    ttsProvider: e.TTS_PROVIDER,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          prefix: e.S3_PREFIX,
        }
      : undefined,
    oidc,
    devLogin: !oidc && !isProduction,
    invitesPerMember: e.INVITES_PER_MEMBER,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT ?? 'mailto:support@mugen.invalid' },
    pushPollMs: e.PUSH_POLL_MS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    webDir: path.resolve('dist/web'),
    ...overrides,
  };
}
