import { z } from 'zod';

/** syncType names of spec part 2, section 7; anything else makes the admin UI refresh every list. */
export const ZSyncType = z.enum([
  'project',
  'client',
  'payment',
  'document',
  'estimate',
  'appointment',
  'user',
  'consultation',
  'settings',
  'message',
]);
export type TSyncType = z.infer<typeof ZSyncType>;

export const ZAdminDataUpdate = z.object({ type: z.literal('ADMIN_DATA_UPDATE'), syncType: ZSyncType });
export type TAdminDataUpdate = z.infer<typeof ZAdminDataUpdate>;
