import { adminGenerateJob } from '../features/admin/themes/generation';
import { sweepPreviewsJob } from '../features/creation/previews';
import { publishTrackJob } from '../features/creation/publish';
import { premiumResumeJob, premiumSweepJob } from '../features/premium/schedule';
import { regenerateAudioJob } from '../features/readings/regenerate';
import { contactMailJob, contactMailRequeueJob } from '../features/support/mail';
import { isScheduled, type JobDefinition } from './define';
import type { JobKind } from './kinds';

/**
 * Every job, once, by kind (decision 0035). Each is defined beside its feature with defineJob; the
 * workers run these and nothing else, and the console lists the scheduled ones.
 */
export const JOBS = {
  'publish-track': publishTrackJob,
  'premium-resume': premiumResumeJob,
  'contact-mail': contactMailJob,
  'admin-generate': adminGenerateJob,
  'regenerate-audio': regenerateAudioJob,
  'sweep-previews': sweepPreviewsJob,
  'premium-sweep': premiumSweepJob,
  'contact-mail-requeue': contactMailRequeueJob,
} satisfies { [K in JobKind]: JobDefinition<K> };

/** Every job, in the registry's order. */
export const ALL_JOBS: JobDefinition[] = Object.values(JOBS);

/** The jobs that run on a schedule. */
export const SCHEDULED_JOBS = ALL_JOBS.filter(isScheduled);
