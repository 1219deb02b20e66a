import type { Database } from '../db/client';
import { adminGenerateJob } from '../features/admin/themes/generation';
import { deleteExpiredPreviews } from '../features/creation/previews';
import { type PublishRenderer, publishJob } from '../features/creation/publish';
import { premiumResumeJob, premiumSweep } from '../features/premium/schedule';
import { makeSegueJob } from '../features/radio/segues';
import { regenerateAudioJob } from '../features/readings/regenerate';
import { readingDictionary } from '../features/readings/service';
import { contactMailJob, mailDomainOf, queueUnsentContactMail } from '../features/support/mail';
import { renderDialogueInWorker } from '../providers/audio/render-pool';
import { createLlm, type LlmSettings } from '../providers/llm/index';
import type { LlmProvider } from '../providers/llm/types';
import { createMailer, type MailSettings } from '../providers/mail/index';
import type { Payments } from '../providers/payments/index';
import type { StorageProvider } from '../providers/storage/types';
import type { TtsSettings } from '../providers/tts/index';
import { startWorker, type WorkerOptions } from './queue';

const PREVIEW_SWEEP_MS = 5 * 60_000;
/** How often the premium work that falls due with time is looked for (pause notices and resumes, demo renewals). */
const PREMIUM_SWEEP_MS = 5 * 60_000;

/**
 * The job handlers of every task kind, and the scheduled clean-ups. The app process runs them by
 * default (the embedded database is one process's); `npm run worker` runs them in processes of their
 * own against PostgreSQL, as many as wanted. Answers the stop function.
 */
export async function startJobWorkers(
  database: Database,
  storage: StorageProvider,
  opts: WorkerOptions & {
    render?: PublishRenderer;
    tts?: TtsSettings;
    /** The script writer of the operators' generation (LLM_PROVIDER); offline by default. Tests may give a provider. */
    llm?: LlmSettings | LlmProvider;
    log?: (err: unknown) => void;
    /** Premium payments (resuming a pause bills again); null when payments are off. */
    payments?: Payments | null;
    /** The clock of premium periods (tests control it). */
    now?: () => Date;
    /** 0 turns the premium sweep off (tests run it by hand). */
    premiumSweepMs?: number;
    /** Contact mail (SMTP_URL and CONTACT_TO): without it, contact messages are not sent and stay pending. */
    mail?: MailSettings;
    /** The SMTP deadline of each step (tests shorten it). */
    mailTimeoutMs?: number;
  } = {},
) {
  // Every voice speaks with the operator's reading dictionary as it is when the task runs.
  const render: PublishRenderer =
    opts.render ??
    (async (script, speakingRate) =>
      renderDialogueInWorker(script, { speakingRate, tts: opts.tts, readings: await readingDictionary(database.db) }));
  const llm = !opts.llm ? createLlm({ provider: 'offline' }) : 'writeScript' in opts.llm ? opts.llm : createLlm(opts.llm);
  const premium = { db: database.db, payments: opts.payments ?? null, now: opts.now ?? (() => new Date()) };
  // A worker without mail settings takes no contact-mail task: it leaves them to one that can send.
  const mailer = opts.mail ? createMailer(opts.mail, { timeoutMs: opts.mailTimeoutMs }) : null;
  const stopWorker = await startWorker(
    database,
    {
      'publish-track': publishJob(database.db, storage, render),
      'admin-generate': adminGenerateJob({ db: database.db, storage, render, llm }),
      'premium-resume': premiumResumeJob(premium),
      'regenerate-audio': regenerateAudioJob(database.db, storage, render),
      'make-segue': makeSegueJob({ db: database.db, storage, render, llm }),
      ...(mailer && opts.mail ? { 'contact-mail': contactMailJob(database.db, mailer, mailDomainOf(opts.mail.from)) } : {}),
    },
    { ...opts, onError: (err) => opts.log?.(err) },
  );
  const queueUnsent = () => {
    if (mailer) queueUnsentContactMail(database.db).catch((err) => opts.log?.(err));
  };
  queueUnsent();
  const sweep = setInterval(() => {
    deleteExpiredPreviews(database.db, storage).catch((err) => opts.log?.(err));
    queueUnsent();
  }, PREVIEW_SWEEP_MS);
  sweep.unref();
  const premiumEvery = opts.premiumSweepMs ?? PREMIUM_SWEEP_MS;
  const premiumTimer =
    premiumEvery > 0
      ? setInterval(() => {
          premiumSweep(premium).catch((err) => opts.log?.(err));
        }, premiumEvery)
      : null;
  premiumTimer?.unref();
  return async () => {
    clearInterval(sweep);
    if (premiumTimer) clearInterval(premiumTimer);
    await stopWorker();
    mailer?.close();
  };
}
