import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { ADMIN_API_MESSAGES } from '../../../shared/messages/admin';
import type { AdminSettings } from '../../config';
import type { Counters } from '../../http/counters';
import { AppError } from '../../http/errors';

/**
 * The operator's sign-in (issue 18). The password is kept in memory only as an argon2id hash (OWASP's
 * minimum: m=19 MiB, t=2, p=1), made at start; the configured text is dropped from the settings object.
 * Hashing and checking run natively on libuv's thread pool (@node-rs/argon2), never on the event loop,
 * and at most VERIFY_SLOTS checks run at once in the whole process (issue 24.3).
 * The username is compared in constant time (over SHA-256 digests, so lengths do not leak either), and
 * the password check always runs, whatever the username, so timing says nothing about which was wrong.
 */
export interface AdminAuth {
  readonly enabled: boolean;
  verify(username: string, password: string): Promise<boolean>;
}

const ARGON = { algorithm: 2 as Algorithm /* Argon2id */, parallelism: 1, timeCost: 2, memoryCost: 19_456, outputLen: 32 } as const;

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
  const encoded = await hash(settings.password, { ...ARGON, salt: randomBytes(16) });
  const username = digest(settings.username);
  (settings as { password: string }).password = '';
  return {
    enabled: true,
    async verify(name, password) {
      const nameOk = timingSafeEqual(digest(name), username);
      const passwordOk = await verificationSlots.run(() => verify(encoded, password));
      return nameOk && passwordOk;
    },
  };
}

/**
 * The process-wide cap on password checks (issue 24.3): VERIFY_SLOTS run at once (libuv's pool has 4
 * threads, which file reads and compression share), up to VERIFY_QUEUE more wait at most VERIFY_WAIT_MS
 * for a slot, and any beyond are refused at once with 429 and a Japanese message, so that guesses from
 * many addresses cannot hold the thread pool while listeners are served.
 */
// Each check is memory-hard CPU work on a pool thread, at the event loop's priority: as many checks as
// cores starve the loop that answers listeners (issue 36.11: a catalogue request waited seconds on two
// cores during a flood of wrong guesses). One core is always left to it.
export const VERIFY_LIMITS = { slots: Math.max(1, Math.min(2, os.availableParallelism() - 1)), queue: 16, waitMs: 2_000 } as const;

export class Slots {
  private running = 0;
  private begun = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: { slots: number; queue: number; waitMs: number } = VERIFY_LIMITS) {}

  /** Runs `task` in a slot; throws 429 (busy) when none frees in time. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    this.begun += 1;
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** How many tasks run now, and how many began since the start (for tests). */
  get active() {
    return this.running;
  }

  get started() {
    return this.begun;
  }

  private acquire(): Promise<void> {
    if (this.running < this.limits.slots) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.queue) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        this.running += 1;
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(busy());
      }, this.limits.waitMs);
      this.waiting.push(turn);
    });
  }

  private release() {
    this.running -= 1;
    this.waiting.shift()?.();
  }
}

const busy = () => new AppError(429, ADMIN_API_MESSAGES.loginBusy, {}, { 'Retry-After': '5' });

/** The one cap of this process, shared by every app instance in it. */
export const verificationSlots = new Slots();

/**
 * Sign-in attempts per client address (issue 24.2): an attempt is reserved atomically in the shared
 * counters before the password is checked, so parallel guesses cannot all pass a check made before any
 * of them failed. After LOGIN_THROTTLE.maxFailures attempts within the window the address waits until
 * the window ends (429); a success clears the address's count; an attempt refused because the server
 * was busy is given back. Only that address: a stranger elsewhere never locks the operator out. The
 * counters are shared by every instance (PostgreSQL, or Redis).
 */
export const LOGIN_THROTTLE = { maxFailures: 5, windowMs: 15 * 60_000 } as const;

export class LoginThrottle {
  constructor(
    private readonly counters: Counters,
    private readonly limits: { maxFailures: number; windowMs: number } = LOGIN_THROTTLE,
  ) {}

  private key = (client: string) => `admin-login:${client}`;

  /** Takes one of the client's attempts; throws 429 while the client is held back. */
  async reserve(client: string) {
    const { count, ttlMs } = await this.counters.hit(this.key(client), this.limits.windowMs);
    if (count > this.limits.maxFailures) {
      const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
      throw new AppError(
        429,
        ADMIN_API_MESSAGES.tooManyAttempts(minutes),
        {},
        { 'Retry-After': String(Math.max(1, Math.ceil(ttlMs / 1000))) },
      );
    }
  }

  /** An attempt that was never checked (the server was busy) does not count. */
  async giveBack(client: string) {
    await this.counters.giveBack(this.key(client));
  }

  async succeeded(client: string) {
    await this.counters.reset(this.key(client));
  }
}
