/**
 * Every kind of task on the queue. The registry (jobs/registry.ts) must define each one: a kind added
 * here without its job, or a job without its kind, does not compile.
 */
export const JOB_KINDS = [
  'publish-track',
  'premium-resume',
  'contact-mail',
  'admin-generate',
  'regenerate-audio',
  'sweep-previews',
  'premium-sweep',
  'contact-mail-requeue',
] as const;

export type JobKind = (typeof JOB_KINDS)[number];
