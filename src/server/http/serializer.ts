import fastJson from 'fast-json-stringify';
import { serializerCompiler as checkedSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SearchAnswerSchema } from '../../shared/schemas/search';
import { TrackListSchema } from '../../shared/schemas/track';

/**
 * Answers that hold up to hundreds of rows (track lists, search results) are serialised by
 * fast-json-stringify compiled once from the JSON Schema of the same zod schema (issue 16): only the
 * declared fields go out, as zod's parse would strip the rest, a required field that is missing is
 * still an error, and no row is validated field by field on every request. The services build these
 * rows through one mapper (tracks/service.ts toTrack), whose output the API tests check against the
 * zod schema. Every other answer keeps zod's checked serialiser; the OpenAPI document and request
 * validation are unchanged.
 */
const FAST_SCHEMAS = new Set<unknown>([TrackListSchema, SearchAnswerSchema]);

export const serializerCompiler: typeof checkedSerializer = (route) => {
  if (FAST_SCHEMAS.has(route.schema)) {
    const json = z.toJSONSchema(route.schema as z.ZodType, { target: 'draft-7', io: 'output' });
    const stringify = fastJson(json as Parameters<typeof fastJson>[0]);
    return (data) => stringify(data);
  }
  return checkedSerializer(route);
};
