import { z } from 'zod';

export const ACCEPTED_MESSAGE = 'Saved. It may take a moment to show everywhere.';

/**
 * 202: the change is stored, but the screens' data did not show it within the wait (the read models are
 * behind). `id` is the record the change made or changed; the browser reads it again a little later.
 */
export const ZAccepted = z.object({ accepted: z.literal(true), message: z.string(), id: z.number().int() });
export type TAccepted = z.infer<typeof ZAccepted>;
