import { createHash, randomBytes } from 'node:crypto';
import { answerAudioPath } from '../../../shared/schemas/questions';
import type { UserRow } from '../../db/schema';
import { ProviderError } from '../../providers/errors';
import type { AppDeps } from '../../types';
import type { CreationVoice } from '../creation/public';
import { findTrack, type Hearer, transcriptOf } from '../tracks/public';
import { modelAnswer, searchedAnswer } from './answer-prompt';
import { answerKey, deleteOldAnswers } from './audio';
import { takeQuestion } from './limits';
import { NOT_COVERED, offlineAnswer, type TrackText, type WrittenAnswer } from './offline-answer';

export type QuestionDeps = Pick<AppDeps, 'db' | 'storage' | 'llm' | 'japanese' | 'counters' | 'now'> & { voice: CreationVoice };

/**
 * The hosts' answer: a searching model's (Gemini: the script first, then the web, marked), else a model's
 * from the script, else the offline answer from the track's lines.
 */
async function writeAnswer({ llm, japanese }: QuestionDeps, track: TrackText, question: string): Promise<WrittenAnswer> {
  if (track.lines.length === 0) return NOT_COVERED;
  try {
    if (llm.searched) return await searchedAnswer({ searched: llm.searched.bind(llm) }, track, question);
    if (!llm.structured) return offlineAnswer(japanese, track, question);
    return await modelAnswer({ structured: llm.structured.bind(llm) }, track, question);
  } catch (err) {
    // The model failed or strayed (quota, timeout, a malformed answer): the listener still gets the track's own answer.
    if (err instanceof ProviderError) return offlineAnswer(japanese, track, question);
    throw err;
  }
}

/**
 * POST /api/tracks/{id}/questions (issue 39.1): a member asks the hosts about a track. The track is heard
 * by the stream's rule (404 hidden, 403 premium_only) before a question is taken from the member's limits
 * (429); the hosts' answer is written (answer-prompt.ts with a model, offline-answer.ts without), spoken
 * by the tracks' voice (both hosts, -16 LUFS) and stored; a question that could not be answered is given back.
 */
export async function askHosts(deps: QuestionDeps, member: UserRow, who: Hearer, trackId: number, question: string) {
  const { lines } = await transcriptOf(deps.db, who, trackId);
  const access = await findTrack(deps.db, trackId);
  const now = deps.now();
  const use = await takeQuestion(deps.counters, member.id, who?.isPremium ?? false, now);
  // The voice's helper starts loading while the answer is written (after an idle spell both start cold).
  deps.voice.warm?.();
  try {
    const version = createHash('sha256')
      .update(lines.map((l) => `${l.speaker}：${l.text}`).join('\n'))
      .digest('hex')
      .slice(0, 16);
    const track: TrackText = { key: `${trackId}:${version}`, title: access?.track.title ?? '', lines };
    const written = await writeAnswer(deps, track, question);
    const spoken = await deps.voice(written.lines.map((l) => `${l.speaker}：${l.text}`).join('\n'), 1);
    const id = randomBytes(12).toString('hex');
    await deps.storage.put(answerKey(trackId, id), spoken.mp3);
    // Yesterday's answers of this track go, by the files' own times (not waited for: the member waits for this one).
    deleteOldAnswers(deps.storage, trackId, new Date()).catch(() => {});
    return {
      answer: {
        id,
        lines: written.lines,
        audioUrl: answerAudioPath(trackId, id),
        seconds: Math.round(spoken.duration * 100) / 100,
        covered: written.covered,
        basedOn: written.basedOn,
        sources: written.sources ?? [],
        ...(written.searchEntryPoint ? { searchEntryPoint: written.searchEntryPoint } : {}),
      },
    };
  } catch (err) {
    await use.giveBack().catch(() => {});
    throw err;
  }
}
