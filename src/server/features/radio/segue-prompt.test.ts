import { describe, expect, it } from 'vitest';
import { offlineLlm } from '../../providers/llm/offline';
import type { LlmProvider, StructuredAsk } from '../../providers/llm/types';
import { SCRIPT_WRITER } from '../creation/script-prompt';
import { writeSegueScript } from './offline-segue';
import { writeSegue } from './segue-prompt';

const from = { title: '銭湯の歴史', category: '歴史', gist: '' };
const to = { title: '朝の散歩のすすめ', category: null, gist: '' };

describe('#26.5 the segue is the feature’s words, sent by the provider’s structured', () => {
  it('#26.5 asks the model under the script writer’s instructions and reads its answer with the segue’s schema', async () => {
    const asked: StructuredAsk<unknown>[] = [];
    const model = (script: string): LlmProvider => ({
      name: 'stand-in',
      async structured<T>(ask: StructuredAsk<T>) {
        asked.push(ask as StructuredAsk<unknown>);
        return ask.schema.parse({ script });
      },
    });
    expect(await writeSegue(model('ハルカ：次は散歩の話。\nケンタ: 朝の散歩のすすめです。'), { from, to, seconds: 8 })).toBe(
      'ハルカ：次は散歩の話。\nケンタ：朝の散歩のすすめです。',
    );
    expect(asked[0]).toMatchObject({ instructions: SCRIPT_WRITER, temperature: 0.9 });
    expect(asked[0].prompt).toContain('次のトラック: 「朝の散歩のすすめ」（カテゴリなし）');
    // A one-host or too long answer is not a segue.
    await expect(writeSegue(model('ハルカ：ひとりで話します。'), { from, to: null, seconds: 30 })).rejects.toThrow();
    expect(asked[1].prompt).toContain('最後のトラック: 「銭湯の歴史」（歴史）');
    // #40.1: the length the talk is spoken in is asked for.
    expect(asked[0].prompt).toContain('声に出して約8秒（48字以内、38字以上）');
    expect(asked[1].prompt).toContain('声に出して約30秒（180字以内、144字以上）');
  });

  it('#26.5 without a model, the offline writer writes it', async () => {
    expect(await writeSegue(offlineLlm(), { from, to, seconds: 8 })).toBe(writeSegueScript({ from, to, seconds: 8 }));
  });
});
