import { z } from 'zod';
import { ZErrorBody } from './errors.ts';

/**
 * Versions of records edited as a whole form (a project, a client, an estimate, the settings, a custom form,
 * an appointment): the number of events in the record's stream. Reads carry it as `version` (and single
 * reads as `ETag: "<version>"`); an edit sends back the one its screen read as `If-Match`, and a copy that
 * another change has made stale is refused with 409 `stale_version`.
 */
export const ZVersion = z.number().int().min(0);

export const IF_MATCH_MALFORMED =
  'If-Match must be the version the record was read at, as its ETag gave it (for example "12"), or *.';

/**
 * `If-Match`: the version quoted as the ETag gave it, or bare, in its one form (no leading zero); `*` (or no
 * header) asks for no check, so callers that never read a version keep working (last writer wins).
 */
export const ZIfMatch = z
  .string()
  .trim()
  .regex(/^(\*|"(0|[1-9]\d{0,8})"|(0|[1-9]\d{0,8}))$/, IF_MATCH_MALFORMED)
  .transform((value) => (value === '*' ? undefined : Number(value.replaceAll('"', ''))));

/** The headers of an edit route that takes `If-Match`; every other header is left as it came. */
export const ZIfMatchHeaders = z.looseObject({ 'if-match': ZIfMatch.optional() });

/** The entity tag of a record's version. */
export const etagOf = (version: number) => `"${version}"`;

/** 409 of an edit made on a stale copy: which of the form's fields changed since, and the version now. */
export const ZStaleVersionError = ZErrorBody.extend({
  error: z.literal('stale_version'),
  changed: z.array(z.string()),
  version: ZVersion,
});
export type TStaleVersionError = z.infer<typeof ZStaleVersionError>;
