import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { CREATION_MESSAGES } from '../../../shared/rules/creation';
import { SuccessSchema } from '../../../shared/schemas/common';
import {
  AudioTaskSchema,
  CreationLimitErrorSchema,
  GenerateScriptBodySchema,
  PostingStatusSchema,
  PreviewAnswerSchema,
  PreviewBodySchema,
  PreviewFileParamSchema,
  PublishAnswerSchema,
  PublishBodySchema,
  RegenerateAnswerSchema,
  RegenerateScriptBodySchema,
  ScriptAnswerSchema,
  TaskIdParamSchema,
} from '../../../shared/schemas/creation';
import { errorAnswers, found } from '../../http/errors';
import { memberOf, membersOnly } from '../../http/guards';
import { lineCacheDir } from '../../providers/audio/line-cache';
import type { AppDeps } from '../../types';
import { readingDictionary } from '../readings/public';
import { postingStatus } from './limits';
import { deleteOwnPreview, ownPreview, previewKey } from './previews';
import { requestPublish, taskOf } from './publish';
import { generatePreview, generateScript, regenerateScript } from './service';
import { type CreationVoice, voiceFor } from './voice';

/** The failures of a route that spends a daily generation: the limit reached, a bad body, signed out, the AI or voice down. */
const spendingAnswers = { 429: CreationLimitErrorSchema, ...errorAnswers(400, 401, 503) };
/** A route that spends a daily generation: what it says it does, its body and its answer, with the failures they share. */
const spending = <Body extends ZodType, Answer extends ZodType>(summary: string, body: Body, answer: Answer) => ({
  schema: { tags: ['creation'], summary, body, response: { 200: answer, ...spendingAnswers } },
});

export function creationRoutes(
  { db, storage, config, llm, japanese }: AppDeps,
  voice: CreationVoice = voiceFor(config.tts, () => readingDictionary(db), lineCacheDir(config.dataDir)),
): FastifyPluginAsyncZod {
  return membersOnly(async (members) => {
    members.post(
      '/api/generate-script',
      spending(
        'Turn my text (1 to 2,000 characters) into a script in a format (dialogue, interview, debate, news, monologue) and length (standard, short) with its fact check and labels (5 a minute; 30 a day free, 100 premium, with regenerate-script)',
        GenerateScriptBodySchema,
        ScriptAnswerSchema,
      ),
      async (request) => generateScript(db, llm, japanese, memberOf(request), request.body),
    );
    members.post(
      '/api/regenerate-script',
      spending(
        "Rewrite a script to address its fact check's issues (counted with generate-script: 5 a minute, 30 or 100 a day)",
        RegenerateScriptBodySchema,
        RegenerateAnswerSchema,
      ),
      async (request) => regenerateScript(db, llm, japanese, memberOf(request), request.body),
    );

    members.get(
      '/api/posting-status',
      {
        schema: {
          tags: ['creation'],
          summary: "Today's generations (Asia/Tokyo day), the daily limit (3 free, 10 premium) and what remains",
          response: { 200: PostingStatusSchema, ...errorAnswers(401) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return postingStatus(db, memberOf(request));
      },
    );

    members.post(
      '/api/generate-audio-preview',
      spending('Speak a script as a preview (spends one daily use; given back if the voice fails)', PreviewBodySchema, PreviewAnswerSchema),
      async (request) => generatePreview(db, storage, voice, memberOf(request), request.body),
    );

    members.post(
      '/api/publish-track',
      {
        schema: {
          tags: ['creation'],
          summary: 'Publish my preview as a track: a durable task (poll GET /api/audio-tasks/{id})',
          body: PublishBodySchema,
          response: { 200: PublishAnswerSchema, 429: CreationLimitErrorSchema, ...errorAnswers(400, 401) },
        },
      },
      async (request) => requestPublish(db, memberOf(request), request.body),
    );
    members.get(
      '/api/audio-tasks/:id',
      {
        schema: {
          tags: ['creation'],
          summary: 'The state of my publishing task: taskId, status, progress, stage, trackId, errorMessage',
          params: TaskIdParamSchema,
          response: { 200: AudioTaskSchema, ...errorAnswers(401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return taskOf(db, memberOf(request).id, request.params.id);
      },
    );

    members.get(
      '/api/previews/:filename',
      { schema: { tags: ['creation'], summary: 'The audio of my own preview (1 hour)', params: PreviewFileParamSchema } },
      async (request, reply) => {
        const preview = found(await ownPreview(db, memberOf(request).id, request.params.filename), CREATION_MESSAGES.previewNotFound);
        const key = previewKey(preview.filename);
        const stat = found(await storage.stat(key), CREATION_MESSAGES.previewNotFound);
        return reply
          .header('Content-Type', 'audio/mpeg')
          .header('Content-Length', String(stat.size))
          .header('Cache-Control', 'private, no-store')
          .send(await storage.read(key));
      },
    );

    members.delete(
      '/api/cleanup-preview/:filename',
      {
        schema: {
          tags: ['creation'],
          summary: 'Delete my preview (a name that is not one of mine changes nothing: 404)',
          params: PreviewFileParamSchema,
          response: { 200: SuccessSchema, ...errorAnswers(401, 404) },
        },
      },
      async (request) => {
        await deleteOwnPreview(db, storage, memberOf(request).id, request.params.filename);
        return { success: true as const };
      },
    );
  });
}
