import { describe, expect, it } from 'vitest';
import {
  ADMIN_UPLOAD_MAX_BYTES,
  creatorAccountId,
  formatDateTimeJa,
  posterLabel,
  uploadFileProblem,
  uploadTitleProblem,
} from './admin-audio';

describe('音声管理 rules (creator-operator spec §2.4, §5)', () => {
  it('C-2.4-07: the poster is posterName, else the creator, else システム (blank names count as none)', () => {
    expect(posterLabel({ posterName: 'ハナコ', creatorName: '無限' }, 'システム')).toBe('ハナコ');
    expect(posterLabel({ posterName: null, creatorName: '無限' }, 'システム')).toBe('無限');
    expect(posterLabel({ posterName: '  ', creatorName: null }, 'システム')).toBe('システム');
    expect(posterLabel({ posterName: null, creatorName: null }, 'システム')).toBe('システム');
  });

  it('the creator of mugen_official is the official account mugen', () => {
    expect(creatorAccountId('mugen_official')).toBe('mugen');
    expect(creatorAccountId('mugen')).toBe('mugen');
    expect(creatorAccountId('')).toBeNull();
    expect(creatorAccountId(null)).toBeNull();
  });

  it('C-2.4-15, C-5-07: the title is trimmed before the required check, at most 100 characters', () => {
    expect(uploadTitleProblem('')).toBe('タイトルを入力してください');
    expect(uploadTitleProblem(' \u3000\n')).toBe('タイトルを入力してください');
    expect(uploadTitleProblem(`  ${'あ'.repeat(100)}  `)).toBeNull();
    expect(uploadTitleProblem('あ'.repeat(101))).toBe('タイトルは100文字以内で入力してください');
  });

  it('C-2.4-16: a file is required, and at most 50 MB', () => {
    expect(uploadFileProblem(null)).toBe('MP3ファイルを選択してください');
    expect(uploadFileProblem({ size: 0 })).toBe('MP3ファイルを選択してください');
    expect(uploadFileProblem({ size: ADMIN_UPLOAD_MAX_BYTES })).toBeNull();
    expect(uploadFileProblem({ size: ADMIN_UPLOAD_MAX_BYTES + 1 })).toBe('ファイルサイズが大きすぎます（上限 50 MB）');
  });

  it('the upload date and time read in Japanese, Asia/Tokyo', () => {
    expect(formatDateTimeJa('2025-06-04T03:04:05Z')).toBe('2025年6月4日 12:04');
    expect(formatDateTimeJa('2025-12-31T15:30:00Z')).toBe('2026年1月1日 00:30');
  });
});
