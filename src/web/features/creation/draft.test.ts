import { stubStorage } from '@web/lib/stub-storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreviewData } from './api/creation';
import { type Draft, emptyDraft, loadDraft, loadRate, restoreDraft, saveDraft, saveRate } from './draft';

const HOUR = 3_600_000;
let stored: Record<string, string>;
beforeEach(() => {
  stored = stubStorage();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const preview = (createdAt: number) =>
  ({ previewFilename: 'p-1.mp3', previewUrl: '/api/previews/p-1.mp3', createdAt }) as PreviewData & {
    createdAt: number;
  };

describe('the creation draft (C-4-05, C-4-06, C-3-11)', () => {
  it('lives 24 hours from when it was written: opening the page (which stores it again) does not extend it', () => {
    vi.useFakeTimers();
    const written = Date.UTC(2026, 0, 1, 0);
    vi.setSystemTime(written);
    saveDraft('u1', { ...emptyDraft(1, written), inputText: '下書き' });
    // The page opens 23 hours later: restored, and stored again as it mounts.
    vi.setSystemTime(written + 23 * HOUR);
    const opened = loadDraft('u1');
    expect(opened?.inputText).toBe('下書き');
    saveDraft('u1', opened as Draft);
    // 25 hours after it was written it is gone, although it was opened 2 hours ago.
    expect(loadDraft('u1', written + 25 * HOUR)).toBeNull();
    expect(stored['mugen_creation_draft:u1']).toBeUndefined();
  });

  it('drops a preview over an hour old (back to the script step), but follows a publication under way', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    const script = { script: 'ハルカ：こんにちは', title: '題', factCheck: null, inputText: 'x', labels: [] } as never;
    const d: Draft = { ...emptyDraft(1, now - 2 * HOUR), step: 3, script, preview: preview(now - 61 * 60_000) };
    expect(restoreDraft(d, now)).toMatchObject({ preview: null, step: 1 });
    expect(restoreDraft({ ...d, preview: preview(now - 59 * 60_000) }, now)).toMatchObject({ step: 3 });
    const publishing = { ...d, taskId: 7, taskStartedAt: now - 60_000 };
    expect(restoreDraft(publishing, now)).toEqual(publishing);
  });

  it("#39.2 keeps the show's format and length; a draft kept before them is today's talk, standard", () => {
    const now = Date.UTC(2026, 0, 1, 12);
    saveDraft('u1', { ...emptyDraft(1, now), inputText: '下書き', format: 'monologue', length: 'short' });
    expect(loadDraft('u1', now + HOUR)).toMatchObject({ format: 'monologue', length: 'short' });
    const { format: _f, length: _l, ...old } = emptyDraft(1, now);
    stored['mugen_creation_draft:u1'] = JSON.stringify({ ...old, inputText: '前の下書き' });
    expect(loadDraft('u1', now + HOUR)).toMatchObject({ inputText: '前の下書き', format: 'dialogue', length: 'standard' });
    stored['mugen_creation_draft:u1'] = JSON.stringify({ ...old, format: 'quiz', length: 'long' });
    expect(loadDraft('u1', now + HOUR)).toMatchObject({ format: 'dialogue', length: 'standard' });
  });

  it('#38.4 a kept value that is not JSON or not a draft is no draft (the page starts empty), never a throw', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    const good = { ...emptyDraft(1, now), inputText: '下書き' };
    const bad = [
      '{not json',
      'null',
      '[]',
      '42',
      JSON.stringify({ ...good, savedAt: String(now) }),
      JSON.stringify({ ...good, step: 4 }),
      JSON.stringify({ ...good, inputText: null }),
      JSON.stringify({ ...good, labels: 'a,b' }),
      JSON.stringify({ ...good, script: { script: 'x' } }),
      JSON.stringify({ ...good, preview: { previewUrl: '/p.mp3' } }),
      JSON.stringify({ ...good, taskId: '7' }),
    ];
    for (const raw of bad) {
      stored['mugen_creation_draft:u1'] = raw;
      expect(loadDraft('u1', now + HOUR)).toBeNull();
    }
    stored['mugen_creation_draft:u1'] = JSON.stringify(good);
    expect(loadDraft('u1', now + HOUR)).toEqual(good);
  });

  it('is kept per member', () => {
    saveDraft('u1', { ...emptyDraft(), inputText: 'u1の下書き' });
    expect(loadDraft('u2')).toBeNull();
  });
});

describe('the speaking rate (L-3-24)', () => {
  it('is stored apart from the draft, per member, and read back as the slider shows it', () => {
    expect(loadRate('u1')).toBe(1);
    saveRate('u1', 1.3);
    expect(loadRate('u1')).toBe(1.3);
    expect(loadRate('u2')).toBe(1);
    stored['mugen_creation_rate:u1'] = '9';
    expect(loadRate('u1')).toBe(1);
  });
});
