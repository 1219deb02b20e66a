import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema } from '../../../shared/schemas/common';
import { AnswerAudioParamSchema, AnswerSchema, QuestionBodySchema } from '../../../shared/schemas/questions';
import { errorAnswers } from '../../http/errors';
import { memberOf, membersOnly, viewerOf } from '../../http/guards';
import { hostsAudioRoute } from '../../http/stored-audio';
import { lineCacheDir } from '../../providers/audio/line-cache';
import type { AppDeps } from '../../types';
import { type CreationVoice, voiceFor } from '../creation/public';
import { readingDictionary } from '../readings/public';
import { hearerOf } from '../tracks/public';
import { answerAudio, watchAnswerFiles } from './audio';
import { askHosts } from './service';

/**
 * 「ホストに質問」 (issue 39.1, decision 0044): a member asks the hosts about a track and hears their
 * answer, spoken in the tracks' voice and served like a segue (members only, ranges, ETag, 304).
 */
export function questionsRoutes(
  deps: AppDeps,
  voice: CreationVoice = voiceFor(deps.config.tts, () => readingDictionary(deps.db), lineCacheDir(deps.config.dataDir)),
): FastifyPluginAsyncZod {
  const { db, storage, now } = deps;
  return membersOnly(async (members) => {
    // A deleted track's answers go with it: nothing asks about that track again to clear them.
    const unwatch = watchAnswerFiles(db, storage, (err) => members.log.error({ err }, 'answer files sweep failed'));
    members.addHook('onClose', async () => unwatch());
    members.post(
      '/api/tracks/:id/questions',
      {
        schema: {
          tags: ['questions'],
          summary:
            "Ask the hosts about a track: their answer from the track's lines, spoken (members; 20 a day free, 100 premium, 3 a minute)",
          params: IdParamSchema,
          body: QuestionBodySchema,
          response: { 200: AnswerSchema, ...errorAnswers(400, 401, 403, 404, 429, 503) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        const who = hearerOf(await viewerOf(request), now());
        return askHosts({ ...deps, voice }, memberOf(request), who, request.params.id, request.body.question);
      },
    );
    hostsAudioRoute(members, storage, {
      url: '/api/tracks/:id/questions/:answerId/audio',
      tag: 'questions',
      summary: "An answer's MP3 (the hosts' answer to a question about the track), with byte ranges and ETag",
      params: AnswerAudioParamSchema,
      audio: async ({ id, answerId }, request) => answerAudio(db, storage, id, answerId, hearerOf(await viewerOf(request), now())),
    });
  });
}
