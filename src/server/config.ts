import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { LlmSettings } from './providers/llm/index';
import type { MailSettings } from './providers/mail/index';
import type { S3Settings } from './providers/storage/s3';
import { DEFAULT_GEMINI_TTS_MODEL, DEFAULT_GEMINI_TTS_VOICES, GEMINI_API_URL } from './providers/tts/gemini-wire';
import type { TtsSettings } from './providers/tts/index';

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

/** Comma-separated addresses or networks (CIDR), each checked. */
function networks(v: string, ctx: z.RefinementCtx): string[] {
  const cidrs = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const c of cidrs) {
    const [addr, bits] = c.split('/');
    const family = isIP(addr);
    const max = family === 6 ? 128 : 32;
    if (!family || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max)))
      ctx.addIssue({ code: 'custom', message: `not a network: ${c}` });
  }
  return cidrs;
}

/**
 * Which proxies' X-Forwarded-For to believe, as Fastify's trustProxy takes it: none (false, 0), every
 * hop (true: refused in production), a hop count (1 = one proxy in front), or the proxies' addresses.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((v, ctx): boolean | number | string[] => {
    if (v === '' || v === 'false' || v === 'no' || v === '0') return false;
    if (v === 'true' || v === 'yes') return true;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 10) ctx.addIssue({ code: 'custom', message: 'at most 10 proxy hops' });
      return hops;
    }
    const list = networks(v, ctx);
    if (list.length === 0) ctx.addIssue({ code: 'custom', message: "a hop count (1) or the proxies' addresses (10.0.0.2,10.1.0.0/16)" });
    return list;
  });

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_SEED: bool.optional(),
  TRUST_PROXY: trustProxy,
  // Counters of rate limits and the sign-in lockout in Redis rather than the database (redis:// or rediss://).
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // 'espeak' is the former name of the offline voice.
  TTS_PROVIDER: z
    .enum(['offline', 'espeak', 'voicevox', 'google', 'openai', 'gemini'])
    .default('offline')
    .transform((v) => (v === 'espeak' ? 'offline' : v)),
  VOICEVOX_URL: optionalUrl,
  // Speaker (style) ids of ハルカ and ケンタ: 2 四国めたん (ノーマル), 13 青山龍星 (ノーマル).
  VOICEVOX_SPEAKERS: z
    .string()
    .regex(/^\s*\d+\s*,\s*\d+\s*$/, 'two speaker ids, ハルカ,ケンタ (e.g. 2,13)')
    .default('2,13'),
  GOOGLE_TTS_API_KEY: z.string().optional(),
  GOOGLE_TTS_BASE_URL: z.string().url().default('https://texttospeech.googleapis.com'),
  // Voice names of ハルカ,ケンタ.
  GOOGLE_TTS_VOICES: z
    .string()
    .regex(/^\s*ja-JP-[\w-]+\s*,\s*ja-JP-[\w-]+\s*$/, 'two ja-JP voice names, ハルカ,ケンタ')
    .default('ja-JP-Neural2-B,ja-JP-Neural2-D'),
  OPENAI_TTS_MODEL: z.string().min(1).default('gpt-4o-mini-tts'),
  // Voices of ハルカ,ケンタ.
  OPENAI_TTS_VOICES: z
    .string()
    .regex(/^\s*[\w-]+\s*,\s*[\w-]+\s*$/, 'two voice names, ハルカ,ケンタ')
    .default('nova,onyx'),
  /** A deadline for each call to an AI provider (script writer, voice). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  LLM_PROVIDER: z.enum(['offline', 'openai', 'gemini']).default('offline'),
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_MODEL: z.string().min(1).default('gemini-3.5-flash'),
  GEMINI_BASE_URL: optionalUrl,
  // TTS_PROVIDER=gemini: a generally available TTS model and the prebuilt voices of ハルカ,ケンタ.
  GEMINI_TTS_MODEL: z.string().min(1).default(DEFAULT_GEMINI_TTS_MODEL),
  GEMINI_TTS_VOICES: z
    .string()
    .regex(/^\s*[A-Za-z][\w-]*\s*,\s*[A-Za-z][\w-]*\s*$/, 'two prebuilt voice names, ハルカ,ケンタ (e.g. Zephyr,Charon)')
    .default(DEFAULT_GEMINI_TTS_VOICES),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  // Not on OpenAI's deprecations page (gpt-4o-mini shuts down on 2027-01-14; decision 0050).
  OPENAI_MODEL: z.string().min(1).default('gpt-6-luna'),
  WORKERS_IN_APP: bool.default(true),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  // With S3, the stream redirects to a short-lived presigned URL (the app out of the audio data path);
  // 'proxy' keeps sending the bytes through the app.
  S3_STREAM: z.enum(['redirect', 'proxy']).default('redirect'),
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
  // Networks whose clients may read GET /metrics without an admin session (comma-separated CIDRs).
  METRICS_ALLOW: z.string().default('').transform(networks),
  PUSH_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  PUSH_EXTRA_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const part of v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)) {
        try {
          const u = new URL(part);
          if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error();
          origins.push(u.origin);
        } catch {
          ctx.addIssue({ code: 'custom', message: `not an http(s) origin: ${part}` });
        }
      }
      return origins;
    }),
  RATE_LIMIT_SCALE: z.coerce.number().min(0).max(1000).default(1),
  // The operators' console (issue 18): one operator account, set together. Without them the console
  // is off in production; in development a password is made at each start and written to the log.
  ADMIN_USERNAME: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(12, 'at least 12 characters')
    .max(200)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** How long an operator's sign-in lasts; 「ログイン情報を保存」 makes it ADMIN_REMEMBER_DAYS. */
  ADMIN_SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  ADMIN_REMEMBER_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  // Premium payments with Stripe (issue 17): the four are set together, or none (the offline demo
  // checkout outside production; payments unavailable in production).
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'a secret key sk_test_… / sk_live_… (or a restricted rk_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'a publishable key pk_test_… / pk_live_…')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_PRICE_ID: z
    .string()
    .regex(/^price_\w+$/, 'a price id price_… (the monthly 550-yen price)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'a webhook signing secret whsec_…')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Where the Stripe SDK sends its calls: Stripe itself unless set (a local stand-in in tests).
  STRIPE_API_BASE: optionalUrl,
  // Contact messages to the operator by SMTP (issue 19): SMTP_URL and CONTACT_TO together, or neither
  // (messages are stored and wait for the admin console).
  // Checked in mailSettings, whose message never repeats the value (it may hold a password).
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  CONTACT_TO: z
    .email('an e-mail address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .regex(/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'an address, or "Name <address>"')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Signs backups (an HMAC of the end record); a restore with it refuses an unsigned or changed file.
  BACKUP_SIGNING_KEY: z
    .string()
    .min(32, 'at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
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
  logLevel: Env['LOG_LEVEL'];
  /** Seed the demo content on a fresh database: on by default, never in production. */
  demoSeed: boolean;
  /** X-Forwarded-For hops believed: none, a count, the proxies' addresses; `true` (every hop) never in production. */
  trustProxy: boolean | number | string[];
  /** Rate-limit and lockout counters in Redis (REDIS_URL); the database's table otherwise. */
  redisUrl: string | undefined;
  sessionTtlDays: number;
  /** The voice of the two hosts (TTS_PROVIDER): plain data, handed to the render worker. */
  tts: TtsSettings;
  /** The script writer (LLM_PROVIDER), as plain data. */
  llm: LlmSettings;
  /** Run the task workers inside the app process (the default; the embedded database needs it). */
  workersInApp: boolean;
  /** Media in an S3-compatible bucket when S3_BUCKET is set, else files under DATA_DIR/media. */
  s3: (S3Settings & { prefix: string; stream: 'redirect' | 'proxy' }) | undefined;
  /** Google (or any OpenID Connect issuer) sign-in; undefined when not configured. */
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | undefined;
  /** The development account chooser and POST /api/auth/dev-login: only without Google and never in production. */
  devLogin: boolean;
  /** Web push (VAPID). Keys are generated into DATA_DIR when not configured. */
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** How often the push dispatcher looks for notifications to deliver; 0 turns it off. */
  pushPollMs: number;
  /**
   * Push services accepted besides the browsers' own (FCM, Mozilla, Apple, Microsoft): exact origins
   * of a self-hosted push service, or of a local stand-in in tests. https only in production.
   */
  pushExtraOrigins: string[];
  /** Networks (CIDR) allowed to read /metrics without an admin session. */
  metricsAllow: string[];
  /** Multiplies every rate limit; 0 turns rate limiting off. */
  rateLimitScale: number;
  /** Single-use invitation codes a new member receives. */
  invitesPerMember: number;
  /**
   * Premium payments: Stripe when its four keys are set; otherwise the offline demo checkout, except in
   * production, where payments are unavailable (503) until Stripe is configured.
   */
  payments: PaymentsSettings;
  /** Where the built web app lives; undefined in API-only tests. */
  webDir: string | undefined;
  /** Contact mail to the operator (SMTP_URL, CONTACT_TO, MAIL_FROM); undefined when not set up. */
  mail: MailSettings | undefined;
  /**
   * The operators' console account: configured (ADMIN_USERNAME and ADMIN_PASSWORD), generated for
   * this start (development without them: the password is logged), or off (production without them).
   */
  admin: AdminSettings;
  /** BACKUP_SIGNING_KEY: backups are signed with it, and a restore refuses a file it did not sign. */
  backupSigningKey: string | undefined;
}

export type AdminSettings =
  | { mode: 'configured' | 'generated'; username: string; password: string; sessionHours: number; rememberDays: number }
  | { mode: 'off' };

/** Contact mail: SMTP_URL and CONTACT_TO set together; the sender is MAIL_FROM, or CONTACT_TO. */
function mailSettings(e: Env): MailSettings | undefined {
  if (Boolean(e.SMTP_URL) !== Boolean(e.CONTACT_TO)) {
    const missing = e.SMTP_URL ? 'CONTACT_TO' : 'SMTP_URL';
    throw new ConfigError(`Invalid ${missing}="": SMTP_URL and CONTACT_TO are set together`);
  }
  if (!e.SMTP_URL || !e.CONTACT_TO) {
    if (e.MAIL_FROM) throw new ConfigError('Invalid MAIL_FROM: it is used only with SMTP_URL and CONTACT_TO');
    return undefined;
  }
  if (!/^smtps?:\/\/[^\s/]+/.test(e.SMTP_URL))
    throw new ConfigError('Invalid SMTP_URL (value not shown): an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.jp:587');
  return { smtpUrl: e.SMTP_URL, to: e.CONTACT_TO, from: e.MAIL_FROM ?? e.CONTACT_TO };
}

/** The operator account of ADMIN_USERNAME and ADMIN_PASSWORD (set together). */
function adminSettings(e: Env, isProduction: boolean): AdminSettings {
  if (Boolean(e.ADMIN_USERNAME) !== Boolean(e.ADMIN_PASSWORD)) {
    const missing = e.ADMIN_USERNAME ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME';
    throw new ConfigError(`Invalid ${missing}="": ADMIN_USERNAME and ADMIN_PASSWORD are set together`);
  }
  const times = { sessionHours: e.ADMIN_SESSION_HOURS, rememberDays: e.ADMIN_REMEMBER_DAYS };
  if (e.ADMIN_USERNAME && e.ADMIN_PASSWORD) return { mode: 'configured', username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, ...times };
  if (isProduction) return { mode: 'off' };
  return { mode: 'generated', username: 'admin', password: randomBytes(12).toString('base64url'), ...times };
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  priceId: string;
  webhookSecret: string;
  /** The API's address when it is not Stripe's own (STRIPE_API_BASE): a local stand-in in tests. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

export type PaymentsSettings = { mode: 'stripe'; stripe: StripeSettings } | { mode: 'demo' } | { mode: 'off' };

export class ConfigError extends Error {}

const STRIPE_VARS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_PRICE_ID', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Stripe when its four variables are set; the demo checkout without them, never in production. */
function paymentsSettings(e: Env, isProduction: boolean): PaymentsSettings {
  const set = STRIPE_VARS.filter((name) => e[name]);
  if (set.length > 0 && set.length < STRIPE_VARS.length) {
    const missing = STRIPE_VARS.find((name) => !e[name]);
    throw new ConfigError(`Invalid ${missing}="": ${STRIPE_VARS.join(', ')} are set together`);
  }
  if (set.length === 0) {
    if (e.STRIPE_API_BASE) throw new ConfigError('Invalid STRIPE_API_BASE: it is used only with the STRIPE_* keys');
    return isProduction ? { mode: 'off' } : { mode: 'demo' };
  }
  let api: StripeSettings['api'];
  if (e.STRIPE_API_BASE) {
    const u = new URL(e.STRIPE_API_BASE);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ConfigError('Invalid STRIPE_API_BASE: an http(s) URL');
    if (isProduction && u.protocol !== 'https:') throw new ConfigError('Invalid STRIPE_API_BASE: https only in production');
    const protocol = u.protocol === 'https:' ? 'https' : 'http';
    api = { host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port || (protocol === 'https' ? 443 : 80)), protocol };
  }
  return {
    mode: 'stripe',
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY as string,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY as string,
      priceId: e.STRIPE_PRICE_ID as string,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET as string,
      api,
    },
  };
}

const pair = (v: string) => {
  const [a, b] = v.split(',').map((x) => x.trim());
  return { ハルカ: a, ケンタ: b };
};

/** The script writer of LLM_PROVIDER; a provider chosen without its key refuses the start. */
function llmSettings(e: Env): LlmSettings {
  const timeoutMs = e.AI_TIMEOUT_MS;
  switch (e.LLM_PROVIDER) {
    case 'openai':
      if (!e.OPENAI_API_KEY) throw new ConfigError('Invalid OPENAI_API_KEY="": LLM_PROVIDER=openai needs a key');
      return { provider: 'openai', apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL, timeoutMs };
    case 'gemini':
      if (!e.GEMINI_API_KEY) throw new ConfigError('Invalid GEMINI_API_KEY="": LLM_PROVIDER=gemini needs a key');
      return { provider: 'gemini', apiKey: e.GEMINI_API_KEY, model: e.GEMINI_MODEL, baseUrl: e.GEMINI_BASE_URL, timeoutMs };
    default:
      return { provider: 'offline' };
  }
}

/** The voice of TTS_PROVIDER; a provider chosen without its key or address refuses the start. */
function ttsSettings(e: Env): TtsSettings {
  const timeoutMs = e.AI_TIMEOUT_MS;
  switch (e.TTS_PROVIDER) {
    case 'voicevox': {
      if (!e.VOICEVOX_URL) throw new ConfigError('Invalid VOICEVOX_URL="": TTS_PROVIDER=voicevox needs the engine\'s URL');
      const ids = pair(e.VOICEVOX_SPEAKERS);
      return { provider: 'voicevox', url: e.VOICEVOX_URL, speakers: { ハルカ: Number(ids.ハルカ), ケンタ: Number(ids.ケンタ) }, timeoutMs };
    }
    case 'google':
      if (!e.GOOGLE_TTS_API_KEY) throw new ConfigError('Invalid GOOGLE_TTS_API_KEY="": TTS_PROVIDER=google needs a key');
      return {
        provider: 'google',
        apiKey: e.GOOGLE_TTS_API_KEY,
        baseUrl: e.GOOGLE_TTS_BASE_URL,
        voices: pair(e.GOOGLE_TTS_VOICES),
        timeoutMs,
      };
    case 'openai':
      if (!e.OPENAI_API_KEY) throw new ConfigError('Invalid OPENAI_API_KEY="": TTS_PROVIDER=openai needs a key');
      return {
        provider: 'openai',
        apiKey: e.OPENAI_API_KEY,
        baseUrl: e.OPENAI_BASE_URL,
        model: e.OPENAI_TTS_MODEL,
        voices: pair(e.OPENAI_TTS_VOICES),
        timeoutMs,
      };
    case 'gemini':
      if (!e.GEMINI_API_KEY) throw new ConfigError('Invalid GEMINI_API_KEY="": TTS_PROVIDER=gemini needs a key');
      return {
        provider: 'gemini',
        apiKey: e.GEMINI_API_KEY,
        baseUrl: e.GEMINI_BASE_URL ?? GEMINI_API_URL,
        model: e.GEMINI_TTS_MODEL,
        voices: pair(e.GEMINI_TTS_VOICES),
        timeoutMs,
      };
    default:
      return { provider: 'offline' };
  }
}

/** The contact push services see when VAPID_SUBJECT is unset: a placeholder, refused in production. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:support@mugen.invalid';

/**
 * A VAPID subject no push service can reach: a reserved name (RFC 2606 / 6761: .invalid, .test,
 * .example, .localhost, localhost, example.com/.net/.org) or an address. Apple's push service answers
 * 403 BadJwtToken to a JWT whose `sub` is one.
 */
export function isPlaceholderSubject(subject: string): boolean {
  let host: string;
  try {
    const u = new URL(subject);
    host = u.protocol === 'mailto:' ? (u.pathname.split('@')[1] ?? '') : u.hostname;
  } catch {
    return true;
  }
  host = host.toLowerCase().replace(/\.$/, '');
  if (!host || host === 'localhost' || /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[')) return true;
  return /\.(invalid|test|example|localhost|local)$/.test(host) || /(^|\.)example\.(com|net|org)$/.test(host);
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    // A secret's value is never echoed into a log: its name and what is wrong with it are enough.
    const shown = /SECRET|PASSWORD|_KEY$|TOKEN/.test(name) ? ' (value not shown)' : `=${JSON.stringify(source[name] ?? '')}`;
    throw new ConfigError(`Invalid ${name}${shown}: ${issue.message}`);
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
  const tts = ttsSettings(e);
  const llm = llmSettings(e);
  const plainPush = e.PUSH_EXTRA_ORIGINS.find((o) => !o.startsWith('https:'));
  const vapidSubject = e.VAPID_SUBJECT ?? DEFAULT_VAPID_SUBJECT;
  if (isProduction && isPlaceholderSubject(vapidSubject)) {
    throw new ConfigError(
      `Invalid VAPID_SUBJECT=${JSON.stringify(e.VAPID_SUBJECT ?? '')}: production needs a real mailto: or https: contact (Apple refuses a placeholder with 403 BadJwtToken, so every push to iPhone and Safari would fail)`,
    );
  }
  if (isProduction && plainPush) throw new ConfigError(`Invalid PUSH_EXTRA_ORIGINS=${JSON.stringify(plainPush)}: https only in production`);
  if (isProduction && e.TRUST_PROXY === true)
    throw new ConfigError(
      'Invalid TRUST_PROXY=true: in production it lets any client choose its address; set the number of proxies in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.2)',
    );
  if (isProduction && e.DEMO_SEED) throw new ConfigError('Invalid DEMO_SEED=true: the demo seed is never run when NODE_ENV=production');
  // Every absolute link (feeds, cards, sign-in) starts with it; never with a Host header a client wrote (#36.9).
  if (isProduction && !e.PUBLIC_URL)
    throw new ConfigError('Invalid PUBLIC_URL="": production needs the address members reach the site at (https://mugen.example.jp)');
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: e.PUBLIC_URL,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    demoSeed: isProduction ? false : (e.DEMO_SEED ?? true),
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    tts,
    llm,
    workersInApp: e.WORKERS_IN_APP,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          prefix: e.S3_PREFIX,
          stream: e.S3_STREAM,
        }
      : undefined,
    oidc,
    devLogin: !oidc && !isProduction,
    invitesPerMember: e.INVITES_PER_MEMBER,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: vapidSubject },
    pushPollMs: e.PUSH_POLL_MS,
    pushExtraOrigins: e.PUSH_EXTRA_ORIGINS,
    metricsAllow: e.METRICS_ALLOW,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    payments: paymentsSettings(e, isProduction),
    admin: adminSettings(e, isProduction),
    mail: mailSettings(e),
    backupSigningKey: e.BACKUP_SIGNING_KEY,
    webDir: path.resolve('dist/web'),
    ...overrides,
  };
}
