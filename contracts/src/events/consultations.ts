import { z } from 'zod';
import {
  CONSULTATION_PROPERTY_TYPES,
  CONSULTATION_SERVICE_TYPES,
  CONSULTATION_STATUSES,
  PREFERRED_TIMES,
} from '../api/consultations.ts';
import { defineEvent } from './define.ts';
import { eDay, eId, eInstant, eText } from './values.ts';

const id = { consultationId: eId };
const status = z.enum(CONSULTATION_STATUSES);

/** What the visitor asked for. */
export const ZConsultationRequested = defineEvent(
  'ConsultationRequested',
  z.object({
    ...id,
    name: eText,
    email: eText,
    phone: eText.nullable(),
    preferredDate: eDay,
    preferredTime: z.enum(PREFERRED_TIMES).nullable(),
    serviceType: z.enum(CONSULTATION_SERVICE_TYPES),
    propertyType: z.enum(CONSULTATION_PROPERTY_TYPES).nullable(),
    description: eText.nullable(),
  }),
);
export const ZConsultationStatusChanged = defineEvent(
  'ConsultationStatusChanged',
  z.object({ ...id, from: status, to: status }),
);
export const ZConsultationNotesUpdated = defineEvent(
  'ConsultationNotesUpdated',
  z.object({ ...id, notes: eText }),
);
export const ZConsultationContactedAtSet = defineEvent(
  'ConsultationContactedAtSet',
  z.object({ ...id, contactedAt: eInstant.nullable() }),
);
export const ZConsultationArchived = defineEvent('ConsultationArchived', z.object(id));
export const ZConsultationRestored = defineEvent('ConsultationRestored', z.object(id));

export const consultationEventSchemas = [
  ZConsultationRequested,
  ZConsultationStatusChanged,
  ZConsultationNotesUpdated,
  ZConsultationContactedAtSet,
  ZConsultationArchived,
  ZConsultationRestored,
] as const;

export type TConsultationEvent = z.infer<(typeof consultationEventSchemas)[number]>;
