import type { Config } from './config';
import type { Database } from './db/client';
import type { Counters } from './http/counters';
import type { IdentityProvider } from './providers/identity/types';
import type { JapaneseEngine } from './providers/japanese/types';
import type { LlmProvider } from './providers/llm/types';
import type { Payments } from './providers/payments/index';
import type { PushSender } from './providers/push/sender';
import type { VapidKeys } from './providers/push/vapid';
import type { StorageProvider } from './providers/storage/types';

/**
 * What a feature's routes receive from buildApp: configuration, the database and the providers.
 * Features import this type from here (never app.ts, which imports every feature).
 */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Database['db'];
  storage: StorageProvider;
  /** The language model (LLM_PROVIDER: offline, OpenAI or Gemini), built once: creation, support, the console's themes. */
  llm: LlmProvider;
  /** The Japanese engine (kuromoji's dictionary, in a helper process): readings, search words, the offline writer and claims. */
  japanese: JapaneseEngine;
  push: { vapid: VapidKeys; send: PushSender };
  /** Sign-in: Google (OpenID Connect), or the offline chooser on a laptop; null in production without Google. */
  identity: IdentityProvider | null;
  /** Premium payments (Stripe, or the offline demo checkout); null in production without Stripe. */
  payments: Payments | null;
  /** The clock of time-based rules (premium periods and pauses); tests control it. */
  now: () => Date;
  /** Counters every instance shares (PostgreSQL, or Redis with REDIS_URL): rate limits, the sign-in lockout. */
  counters: Counters;
}
