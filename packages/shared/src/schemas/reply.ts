import { z } from 'zod';

/**
 * The reply envelope as zod schemas: the server declares them as its routes'
 * responses (OpenAPI documents them, Fastify serialises only their fields) and
 * the web reads the types inferred from them, so both share one definition
 * (docs/decisions/0055-declared-responses.md).
 */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), error: z.boolean(), message: z.string(), data });

/** A page of a list: the envelope with totalCount and totalPages. */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  envelope(z.array(item)).extend({ totalPages: z.number(), totalCount: z.number() });

/**
 * Every error answer: `data` is null. `code` and `params` (a stable error code
 * and the values its message names) are optional, so replies with or without
 * them both match.
 */
export const errorEnvelopeSchema = z
  .object({
    success: z.boolean(),
    error: z.boolean(),
    message: z.string(),
    data: z.null(),
    code: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ description: 'The error envelope: success false, error true, a message a person can act on, data null.' });

/** An envelope whose data is null (deletions, acknowledgements). */
export const emptyReplySchema = envelope(z.null());
