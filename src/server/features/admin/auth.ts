import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';
import { ADMIN_API_MESSAGES } from '../../../shared/messages/admin';
import type { AdminSettings } from '../../config';
import { AppError } from '../../http/errors';

/**
 * The operator's sign-in (issue 18). The password is kept in memory only as an argon2id hash (OWASP's
 * minimum: m=19 MiB, t=2, p=1), made at start; the configured text is dropped from the settings object.
 * The username is compared in constant time (over SHA-256 digests, so lengths do not leak either), and
 * the password check always runs, whatever the username, so timing says nothing about which was wrong.
 */
export interface AdminAuth {
  readonly enabled: boolean;
  verify(username: string, password: string): Promise<boolean>;
}

const ARGON = { parallelism: 1, iterations: 2, memorySize: 19_456, hashLength: 32 } as const;

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

const made = new WeakMap<AdminSettings, Promise<AdminAuth>>();

/**
 * The sign-in of these settings, made once per settings object (two app instances of one configuration
 * share it): the plain password is cleared from the settings once hashed, so a heap dump later finds
 * only the hash. `announce` is told the generated development password, once.
 */
export function createAdminAuth(settings: AdminSettings, announce: (username: string, password: string) => void = () => {}) {
  let auth = made.get(settings);
  if (!auth) {
    auth = hashOnce(settings, announce);
    made.set(settings, auth);
  }
  return auth;
}

async function hashOnce(settings: AdminSettings, announce: (username: string, password: string) => void): Promise<AdminAuth> {
  if (settings.mode === 'off') return { enabled: false, verify: async () => false };
  if (settings.mode === 'generated') announce(settings.username, settings.password);
  const encoded = await argon2id({ ...ARGON, password: settings.password, salt: randomBytes(16), outputType: 'encoded' });
  const username = digest(settings.username);
  (settings as { password: string }).password = '';
  return {
    enabled: true,
    async verify(name, password) {
      const nameOk = timingSafeEqual(digest(name), username);
      const passwordOk = await argon2Verify({ password, hash: encoded });
      return nameOk && passwordOk;
    },
  };
}

/**
 * Failed sign-ins counted per client address: after MAX_FAILURES within the window the address waits
 * until the window ends (429). Only that address: a stranger elsewhere never locks the operator out, and
 * a success clears the address's count. Counts live in this process (per instance behind a balancer).
 */
export const LOGIN_THROTTLE = { maxFailures: 5, windowMs: 15 * 60_000 } as const;

export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; until: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly limits: { maxFailures: number; windowMs: number } = LOGIN_THROTTLE,
  ) {}

  /** Throws 429 while the client is held back. */
  check(client: string) {
    const entry = this.failures.get(client);
    if (!entry) return;
    const left = entry.until - this.now();
    if (left <= 0) {
      this.failures.delete(client);
      return;
    }
    if (entry.count >= this.limits.maxFailures) {
      const minutes = Math.ceil(left / 60_000);
      throw new AppError(429, ADMIN_API_MESSAGES.tooManyAttempts(minutes), {}, { 'Retry-After': String(Math.ceil(left / 1000)) });
    }
  }

  failed(client: string) {
    const entry = this.failures.get(client);
    const now = this.now();
    if (!entry || entry.until <= now) this.failures.set(client, { count: 1, until: now + this.limits.windowMs });
    else entry.count += 1;
    // Bounded memory: forget windows that are over once the table grows.
    if (this.failures.size > 10_000) for (const [k, v] of this.failures) if (v.until <= now) this.failures.delete(k);
  }

  succeeded(client: string) {
    this.failures.delete(client);
  }
}
