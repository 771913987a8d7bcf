import { z } from 'zod';
import { ZConsultation, ZConsultationStatus } from '../api/consultations.ts';

const id = { consultationId: z.number().int() };

export const ZConsultationRequested = z.object({
  type: z.literal('ConsultationRequested'),
  // What the visitor asked for: the same fields the admin later reads.
  data: ZConsultation.pick({
    name: true,
    email: true,
    phone: true,
    preferredDate: true,
    preferredTime: true,
    serviceType: true,
    propertyType: true,
    description: true,
  }).extend(id),
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
