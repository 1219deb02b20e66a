import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema, SuccessSchema } from '../../../shared/schemas/common';
import {
  ReadingAnswerSchema,
  ReadingEntriesSchema,
  ReadingEntryBodySchema,
  ReadingEntryPutAnswerSchema,
  ReadingQuerySchema,
  ReadingReportAnswerSchema,
  ReadingReportBodySchema,
  ReadingReportsSchema,
  RegenerateAnswerSchema,
} from '../../../shared/schemas/readings';
import { errorAnswers } from '../../http/errors';
import { adminsOnly, memberOf, membersOnly } from '../../http/guards';
import { limitedAs } from '../../http/rate-limits';
import type { AppDeps } from '../../types';
import { requestRegeneration } from './regenerate';
import { deleteEntry, listEntries, listReports, putEntry, reportMisreading, spokenReadingOf } from './service';

/**
 * The reading dictionary (issue 25.3, decision 0029). Members: the kana the voice reads for a text, and
 * the report of a misread transcript line. Operators: the entries, the reports, and the regeneration
 * of a track's audio once the entry is fixed.
 */
export function readingsRoutes({ db, japanese }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(
      membersOnly(async (members) => {
        members.get(
          '/api/readings',
          {
            config: limitedAs('readings'),
            schema: {
              tags: ['readings'],
              summary: 'The kana the voice reads for a text, the operator’s reading dictionary applied first',
              querystring: ReadingQuerySchema,
              response: { 200: ReadingAnswerSchema, ...errorAnswers(400, 401, 429, 503) },
            },
          },
          async (request) => spokenReadingOf(db, japanese, memberOf(request), request.query.text),
        );
        members.post(
          '/api/tracks/:id/reading-reports',
          {
            schema: {
              tags: ['readings'],
              summary: '読み間違いを報告: a line of the track’s transcript (0-based) is misread',
              params: IdParamSchema,
              body: ReadingReportBodySchema,
              response: { 201: ReadingReportAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
            },
          },
          async (request, reply) =>
            reply.code(201).send(await reportMisreading(db, japanese, memberOf(request), request.params.id, request.body)),
        );
      }),
    );

    await app.register(
      adminsOnly(async (admins) => {
        admins.get(
          '/api/admin/readings',
          {
            schema: {
              tags: ['admin'],
              summary: 'The reading dictionary, by surface',
              response: { 200: ReadingEntriesSchema, ...errorAnswers(401) },
            },
          },
          async (_request, reply) => {
            reply.header('Cache-Control', 'no-store');
            return listEntries(db);
          },
        );
        admins.put(
          '/api/admin/readings',
          {
            schema: {
              tags: ['admin'],
              summary: 'Adds an entry {surface, reading} (201), or sets the reading of a surface already there (200)',
              body: ReadingEntryBodySchema,
              response: { 200: ReadingEntryPutAnswerSchema, 201: ReadingEntryPutAnswerSchema, ...errorAnswers(400, 401) },
            },
          },
          async (request, reply) => {
            const answer = await putEntry(db, request.body);
            return reply.code(answer.created ? 201 : 200).send(answer);
          },
        );
        admins.delete(
          '/api/admin/readings/:id',
          {
            schema: {
              tags: ['admin'],
              summary: 'Deletes an entry',
              params: IdParamSchema,
              response: { 200: SuccessSchema, ...errorAnswers(400, 401, 404) },
            },
          },
          async (request) => deleteEntry(db, request.params.id),
        );
        admins.get(
          '/api/admin/reading-reports',
          {
            schema: {
              tags: ['admin'],
              summary: 'Open reports of misread lines, newest first, with how each line reads today',
              response: { 200: ReadingReportsSchema, ...errorAnswers(401) },
            },
          },
          async (_request, reply) => {
            reply.header('Cache-Control', 'no-store');
            return listReports(db, japanese);
          },
        );
        admins.post(
          '/api/admin/tracks/:id/regenerate-audio',
          {
            schema: {
              tags: ['admin'],
              summary: "Queues the track's audio to be spoken again from its script with today's dictionary",
              params: IdParamSchema,
              response: { 202: RegenerateAnswerSchema, ...errorAnswers(400, 401, 404, 409) },
            },
          },
          async (request, reply) => reply.code(202).send(await requestRegeneration(db, request.params.id)),
        );
      }),
    );
  };
}
