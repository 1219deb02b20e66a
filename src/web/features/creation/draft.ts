import {
  DEFAULT_SHAPE,
  draftAlive,
  previewAlive,
  SCRIPT_FORMATS,
  SCRIPT_LENGTHS,
  type ScriptFormat,
  type ScriptLength,
  SPEAKING_RATE,
  speakingRateOf,
} from '@shared/rules/creation';
import { StoredDraftSchema } from '@shared/schemas/creation';
import { bySchema, readJson } from '@web/lib/json';
import { readStored, removeStored, writeStored } from '@web/lib/storage';
import type { PreviewData, ScriptData } from './api/creation';

export type Step = 0 | 1 | 2 | 3;

/** The creation state kept in the browser (creator spec §3 "creation draft"): 24 hours, a preview 1 hour. */
export interface Draft {
  /** When the member last changed the draft (not when it was last opened): it lives 24 hours from then. */
  savedAt: number;
  step: Step;
  inputText: string;
  title: string;
  rate: number;
  /** The show's shape (issue 39.2); a draft kept before it had none is today's talk, standard. */
  format: ScriptFormat;
  length: ScriptLength;
  script: ScriptData | null;
  labels: string[];
  preview: (PreviewData & { createdAt: number }) | null;
  taskId: number | null;
  /** When the publishing task was started, for the progress estimate after a reload. */
  taskStartedAt?: number | null;
}

export const emptyDraft = (rate: number = SPEAKING_RATE.default, now = Date.now()): Draft => ({
  savedAt: now,
  step: 0,
  inputText: '',
  title: '',
  rate,
  ...DEFAULT_SHAPE,
  script: null,
  labels: [],
  preview: null,
  taskId: null,
  taskStartedAt: null,
});

const keyOf = (userId: string) => `mugen_creation_draft:${userId}`;
const rateKeyOf = (userId: string) => `mugen_creation_rate:${userId}`;

/**
 * A stored draft as it is restored at `now`: none once 24 hours have passed since it was written; its
 * preview dropped after an hour (the step goes back to the script), unless a publishing task of it is
 * under way, which is followed still.
 */
export function restoreDraft(stored: Draft, now: number): Draft | null {
  if (!draftAlive(stored.savedAt, now)) return null;
  const d: Draft = {
    ...stored,
    format: SCRIPT_FORMATS.includes(stored.format) ? stored.format : DEFAULT_SHAPE.format,
    length: SCRIPT_LENGTHS.includes(stored.length) ? stored.length : DEFAULT_SHAPE.length,
  };
  if (d.preview && d.taskId === null && !previewAlive(d.preview.createdAt, now)) return { ...d, preview: null, step: d.script ? 1 : 0 };
  return d;
}

/** The member's draft, if one is still alive. */
export function loadDraft(userId: string, now = Date.now()): Draft | null {
  // Not JSON, or not a draft's shape (another version's, a hand-edited one): no draft.
  const stored = readJson(readStored('local', keyOf(userId)), bySchema(StoredDraftSchema));
  if (!stored) return null;
  const restored = restoreDraft(stored, now);
  if (!restored) removeStored('local', keyOf(userId));
  return restored;
}

/** Stores the draft as it is: its `savedAt` is set where the member changes it, not by storing it. */
export const saveDraft = (userId: string, d: Draft) => writeStored('local', keyOf(userId), JSON.stringify(d));
export const clearDraft = (userId: string) => removeStored('local', keyOf(userId));

/** The member's speaking rate (L-3-24): kept apart from the draft, so a restart or a publication keeps it. */
export const loadRate = (userId: string) => speakingRateOf(readStored('local', rateKeyOf(userId)));
export const saveRate = (userId: string, rate: number) => writeStored('local', rateKeyOf(userId), String(speakingRateOf(rate)));

/** What every step of the creation page receives: the draft and the way to change it. */
export type StepProps = { draft: Draft; update: (patch: Partial<Draft>) => void };
