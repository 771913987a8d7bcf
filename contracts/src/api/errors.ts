import { z } from 'zod';

/** The one error shape every non-2xx answer uses. */
export const ZErrorBody = z.object({ error: z.string(), message: z.string() });
export type TErrorBody = z.infer<typeof ZErrorBody>;
