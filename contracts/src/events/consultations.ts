import { z } from 'zod';
import { ZConsultationStatus } from '../api/consultations.ts';

const id = { consultationId: z.number().int() };

export const ZConsultationRequested = z.object({
  type: z.literal('ConsultationRequested'),
  data: z.object({
    ...id,
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    preferredDate: z.string(),
    preferredTime: z.string().nullable(),
    serviceType: z.string(),
    propertyType: z.string().nullable(),
    description: z.string().nullable(),
  }),
});
export const ZConsultationStatusChanged = z.object({
  type: z.literal('ConsultationStatusChanged'),
  data: z.object({ ...id, from: ZConsultationStatus, to: ZConsultationStatus }),
});
export const ZConsultationNotesUpdated = z.object({
  type: z.literal('ConsultationNotesUpdated'),
  data: z.object({ ...id, notes: z.string() }),
});
export const ZConsultationContactedAtSet = z.object({
  type: z.literal('ConsultationContactedAtSet'),
  data: z.object({ ...id, contactedAt: z.string().nullable() }),
});
export const ZConsultationArchived = z.object({
  type: z.literal('ConsultationArchived'),
  data: z.object(id),
});
export const ZConsultationRestored = z.object({
  type: z.literal('ConsultationRestored'),
  data: z.object(id),
});

export const consultationEventSchemas = [
  ZConsultationRequested,
  ZConsultationStatusChanged,
  ZConsultationNotesUpdated,
  ZConsultationContactedAtSet,
  ZConsultationArchived,
  ZConsultationRestored,
] as const;

export type TConsultationEvent = z.infer<(typeof consultationEventSchemas)[number]>;
