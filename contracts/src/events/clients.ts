import { z } from 'zod';
import { defineEvent } from './define.ts';
import { eId, eText } from './values.ts';

const details = { name: eText, email: eText, phone: eText.nullable(), address: eText.nullable() };

export const ZClientRegistered = defineEvent(
  'ClientRegistered',
  z.object({ clientId: eId, userId: eId.nullable(), ...details }),
);
/** The new details and, for the audit trail, what they were. */
export const ZClientUpdated = defineEvent(
  'ClientUpdated',
  z.object({ clientId: eId, ...details, previous: z.object(details).partial() }),
);

export const clientEventSchemas = [ZClientRegistered, ZClientUpdated] as const;
export type TClientEvent = z.infer<(typeof clientEventSchemas)[number]>;
