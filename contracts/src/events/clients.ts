import { z } from 'zod';
import { ZClient } from '../api/clients.ts';

const details = ZClient.pick({ name: true, email: true, phone: true, address: true });

export const ZClientRegistered = z.object({
  type: z.literal('ClientRegistered'),
  data: details.extend({ clientId: z.number().int(), userId: z.number().int().nullable() }),
});
/** The new details and, for the audit trail, what they were. */
export const ZClientUpdated = z.object({
  type: z.literal('ClientUpdated'),
  data: details.extend({ clientId: z.number().int(), previous: details.partial() }),
});

export const clientEventSchemas = [ZClientRegistered, ZClientUpdated] as const;
export type TClientEvent = z.infer<(typeof clientEventSchemas)[number]>;
