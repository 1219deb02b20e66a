import { ADMIN_THEMES_TEXT } from '@shared/messages/admin-themes';
import { describe, expect, it } from 'vitest';
import { afterComplete, afterServerError, afterStatus, type GenerationState, readStatus } from './generate-content';

const running: GenerationState = { phase: 'running', taskId: 4, stage: 'initialization', message: '準備中', progress: 30, startedAt: 1 };
const failed: GenerationState = { phase: 'error', message: ADMIN_THEMES_TEXT.generate.failed };

// #38.4: AI生成's stream events are read through their schemas; a malformed one falls back, never throws.
describe('#38.4 the generation stream events', () => {
  it('#38.4 a status event moves the running state on; one that is not JSON or not its shape is ignored (null)', () => {
    const event = readStatus('{"taskId":4,"stage":"script_generation","progress":40,"message":"台本を書いています"}');
    expect(event).toEqual({ taskId: 4, stage: 'script_generation', progress: 40, message: '台本を書いています' });
    expect(event && afterStatus(running, 4, event)).toEqual({
      ...running,
      stage: 'script_generation',
      progress: 40,
      message: '台本を書いています',
    });
    expect(afterStatus(running, 4, { progress: 10 })).toEqual(running);
    for (const data of ['{oops', 'null', '[]', '{"progress":"40"}', '{"stage":"unknown"}', '{"taskId":"4"}'])
      expect(readStatus(data)).toBeNull();
  });

  it('#38.4 a complete event with its track completes; a malformed one is a broken stream (lost, or failed before a task)', () => {
    expect(afterComplete('{"taskId":4,"trackId":12}', 4)).toEqual({ phase: 'complete', taskId: 4, trackId: 12 });
    for (const data of ['{oops', '{"taskId":4,"trackId":null}', '{"trackId":"12"}', '[]']) {
      expect(afterComplete(data, 4)).toEqual({ phase: 'lost', taskId: 4 });
      expect(afterComplete(data, null)).toEqual(failed);
    }
  });

  it("#38.4 the server's error event shows its message; one without a message, or not JSON, the generic failure", () => {
    expect(afterServerError('{"taskId":4,"message":"台本を生成できませんでした"}')).toEqual({
      phase: 'error',
      message: '台本を生成できませんでした',
    });
    for (const data of ['{oops', '{}', '{"message":""}', '{"message":5}', 'null']) expect(afterServerError(data)).toEqual(failed);
  });
});
