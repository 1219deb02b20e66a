import { z } from 'zod';
import { PROGRAMME_MESSAGES, programmeMinutesProblem } from '../rules/programme';
import { checkedString, IntId } from './common';
import { TrackSchema } from './track';

/** GET /api/radio/programme?minutes=N: a whole number of minutes, 5 to 120. */
export const ProgrammeQuerySchema = z.object({
  minutes: checkedString(programmeMinutesProblem, PROGRAMME_MESSAGES.minutesRange).transform(Number),
});

export const ProgrammeItemSchema = z
  .object({
    kind: z.enum(['track', 'segue']),
    seconds: z.number().positive(),
    audioUrl: z.string().describe('plays with the member session: /api/stream/{id} or /api/radio/segues/{id}/audio'),
    trackId: z.number().int().optional(),
    title: z.string().optional(),
    /** The whole track, so the player shows its poster and buttons (track items only). */
    track: TrackSchema.optional(),
    /** The segue's id (segue items only); the opening is the first segue, the closing the last. */
    segueId: z.number().int().optional(),
    /** A short spoken bridge of the same length (segue items only), played when the segue is not made in time. */
    fallbackUrl: z.string().optional(),
  })
  .describe('ProgrammeItem');
export type ProgrammeItem = z.infer<typeof ProgrammeItemSchema>;

export const ProgrammeSchema = z
  .object({
    minutes: z.number().int(),
    totalSeconds: z.number().describe("the items' seconds added up, in order"),
    items: z.array(ProgrammeItemSchema),
  })
  .describe('Programme');
export type Programme = z.infer<typeof ProgrammeSchema>;

export const SegueIdParamSchema = z.object({ id: IntId });
