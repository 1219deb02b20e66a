import { describe, expect, it } from 'vitest';
import {
  canMoveTheme,
  checkAdminInput,
  checkYoutubeUrl,
  contentPreview,
  generationDone,
  isAdminSpeakingRate,
  PROGRESS_STAGES,
  speakingRateLabel,
  taskStageOf,
  youtubeVideoId,
} from './admin-themes';

// Issue 18, テーマ管理 and AI生成 (creator-operator spec §4, §5, §9): the rules both sides use.
describe('admin themes rules', () => {
  it('C-2.4-17: reads the video id of every YouTube address form, and nothing else', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'http://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/live/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      '  https://youtu.be/dQw4w9WgXcQ  ',
    ]) {
      expect(youtubeVideoId(url), url).toBe('dQw4w9WgXcQ');
    }
    for (const url of [
      '',
      'dQw4w9WgXcQ',
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/channel/UCabcdefghijk',
      'javascript:alert(1)',
      'ftp://youtu.be/dQw4w9WgXcQ',
    ]) {
      expect(youtubeVideoId(url), url).toBeNull();
    }
    expect(checkYoutubeUrl('  ')).toBe('YouTubeのURLを入力してください');
    expect(checkYoutubeUrl('https://example.com')).toMatch(/^YouTubeの動画のURL/);
    expect(checkYoutubeUrl('https://youtu.be/dQw4w9WgXcQ')).toBeNull();
  });

  it('C-2.4-18: AI生成 takes 1 to 1,000 characters, counted as a person counts them', () => {
    expect(checkAdminInput(' \n ')).toBe('テキストを入力してください');
    expect(checkAdminInput('あ')).toBeNull();
    expect(checkAdminInput('あ'.repeat(1000))).toBeNull();
    expect(checkAdminInput('あ'.repeat(1001))).toBe('テキストは1,000文字以内で入力してください');
    // An emoji is one character, not two.
    expect(checkAdminInput('😀'.repeat(1000))).toBeNull();
  });

  it('C-2.4-20: the five rates, shown 0.5, 0.75, 1.0, 1.25, 1.5', () => {
    expect([0.5, 0.75, 1, 1.25, 1.5].every(isAdminSpeakingRate)).toBe(true);
    expect([0.6, 2, 0, Number.NaN].some(isAdminSpeakingRate)).toBe(false);
    expect([0.5, 0.75, 1, 1.25, 1.5].map(speakingRateLabel)).toEqual(['0.5', '0.75', '1.0', '1.25', '1.5']);
  });

  it('C-9-05: a content preview is cut to 150 characters', () => {
    expect(contentPreview('短い')).toBe('短い');
    expect(contentPreview('あ'.repeat(150))).toBe('あ'.repeat(150));
    expect(contentPreview('あ'.repeat(151))).toBe(`${'あ'.repeat(150)}…`);
  });

  it('C-4-14, C-4-15: pending goes to approved or rejected, approved to rejected, nothing else', () => {
    expect(canMoveTheme('pending', 'approved')).toBe(true);
    expect(canMoveTheme('pending', 'rejected')).toBe(true);
    expect(canMoveTheme('approved', 'rejected')).toBe(true);
    expect(canMoveTheme('approved', 'pending')).toBe(false);
    expect(canMoveTheme('rejected', 'approved')).toBe(false);
    expect(canMoveTheme('pending', 'pending')).toBe(false);
  });

  it('C-4-19, C-4-11: progress stages map to the task stages; done at task_complete or 100', () => {
    expect(PROGRESS_STAGES.map(taskStageOf)).toEqual([
      'pending',
      'pending',
      'script_generation',
      'script_generation',
      'script_generation',
      'script_generation',
      'script_generation',
      'script_generation',
      'script_generation',
      'audio_generation',
      'audio_generation',
      'completed',
      'pending',
    ]);
    expect(generationDone({ stage: 'task_complete', progress: 95 })).toBe(true);
    expect(generationDone({ stage: 'audio_complete', progress: 100 })).toBe(true);
    expect(generationDone({ stage: 'audio_complete', progress: 90 })).toBe(false);
  });
});
