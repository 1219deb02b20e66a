import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../../shared/schemas/common';
import { ProgrammeQuerySchema, ProgrammeSchema, SegueIdParamSchema } from '../../../shared/schemas/radio';
import { memberOf, membersOnly, viewerOf } from '../../http/guards';
import { limitedAs } from '../../http/rate-limits';
import { hostsAudioRoute } from '../../http/stored-audio';
import type { AppDeps } from '../../types';
import { hearerOf } from '../tracks/public';
import { segueAudio, watchSegueFiles } from './segues';
import { buildProgramme } from './service';

/**
 * あと N 分 and the hosts' segues (issue 28.1 and 28.2, decision 0034): a programme that fills the member's
 * minutes, and the spoken bridges between its tracks, served like tracks (ranges, ETag, 304).
 */
export function radioRoutes({ db, storage, now }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // A deleted track's talks go with it, their audio too (#40.2).
    const unwatch = watchSegueFiles(db, storage, (err) => app.log.error({ err }, 'segue files sweep failed'));
    app.addHook('onClose', async () => unwatch());
    await app.register(
      membersOnly(async (members) => {
        members.get(
          '/api/radio/programme',
          {
            config: limitedAs('programme'),
            schema: {
              tags: ['radio'],
              summary: 'あと N 分: a programme of tracks, segues and a closing that ends within 30 s of N minutes (5-120)',
              querystring: ProgrammeQuerySchema,
              response: { 200: ProgrammeSchema, 400: ErrorSchema, 401: ErrorSchema, 422: ErrorSchema, 429: ErrorSchema },
            },
          },
          async (request, reply) => {
            reply.header('Cache-Control', 'private, no-store');
            return buildProgramme(db, memberOf(request), request.query.minutes, now());
          },
        );
        hostsAudioRoute(members, storage, {
          url: '/api/radio/segues/:id/audio',
          tag: 'radio',
          summary: "A segue's MP3 (the hosts' bridge into the next track, or the closing), with byte ranges and ETag",
          params: SegueIdParamSchema,
          audio: async ({ id }, request) => segueAudio(db, id, hearerOf(await viewerOf(request), now())),
        });
      }),
    );
  };
}
