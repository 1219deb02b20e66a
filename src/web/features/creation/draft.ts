import { DRAFT_TTL_MS, PREVIEW_TTL_MS, SPEAKING_RATE } from '@shared/rules/creation';
import { readStored, removeStored, writeStored } from '@web/lib/storage';
import type { PreviewData, ScriptData } from './api/creation';

export type Step = 0 | 1 | 2 | 3;

/** The creation state kept in the browser (creator spec §3 "creation draft"): 24 hours, a preview 1 hour. */
export interface Draft {
  savedAt: number;
  step: Step;
  inputText: string;
  title: string;
  rate: number;
  script: ScriptData | null;
  labels: string[];
  preview: (PreviewData & { createdAt: number }) | null;
  taskId: number | null;
}

export const emptyDraft = (): Draft => ({
  savedAt: Date.now(),
  step: 0,
  inputText: '',
  title: '',
  rate: SPEAKING_RATE.default,
  script: null,
  labels: [],
  preview: null,
  taskId: null,
});

const keyOf = (userId: string) => `mugen_creation_draft:${userId}`;

/** The member's draft if it is under 24 hours old; a preview over an hour old is dropped (step goes back). */
export function loadDraft(userId: string, now = Date.now()): Draft | null {
  const raw = readStored('local', keyOf(userId));
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Draft;
    if (now - d.savedAt > DRAFT_TTL_MS) {
      removeStored('local', keyOf(userId));
      return null;
    }
    if (d.preview && now - d.preview.createdAt > PREVIEW_TTL_MS) return { ...d, preview: null, step: d.script ? 1 : 0, taskId: null };
    return d;
  } catch {
    return null;
  }
}

export const saveDraft = (userId: string, d: Draft) => writeStored('local', keyOf(userId), JSON.stringify({ ...d, savedAt: Date.now() }));
export const clearDraft = (userId: string) => removeStored('local', keyOf(userId));
