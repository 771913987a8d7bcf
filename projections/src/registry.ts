import { appointmentsProjection } from './appointments/projection.ts';
import { auditProjection } from './audit/projection.ts';
import { billingPlansProjection } from './billing/projection.ts';
import { calendarImportedProjection } from './calendar-sync/imported.ts';
import { calendarSyncProjection } from './calendar-sync/projection.ts';
import { clientsProjection } from './clients/projection.ts';
import { consultationsProjection } from './consultations/projection.ts';
import { dailyNotesProjection } from './dashboard/projection.ts';
import { documentsProjection } from './documents/projection.ts';
import { estimatesProjection } from './estimates/projection.ts';
import { customFormsProjection } from './forms/projection.ts';
import { paymentsProjection } from './invoices/projection.ts';
import { messagesProjection } from './messages/projection.ts';
import { projectsProjection } from './projects/projection.ts';
import type { Projection } from './runtime/types.ts';
import { siteSettingsProjection } from './settings/projection.ts';
import { usersProjection } from './users/projection.ts';

/** Every read model the runner keeps. A new slice adds its projections here. */
export const projections: readonly Projection[] = [
  usersProjection,
  auditProjection,
  consultationsProjection,
  siteSettingsProjection,
  clientsProjection,
  projectsProjection,
  dailyNotesProjection,
  messagesProjection,
  appointmentsProjection,
  paymentsProjection,
  documentsProjection,
  customFormsProjection,
  calendarSyncProjection,
  calendarImportedProjection,
  estimatesProjection,
  billingPlansProjection,
];

export const findProjection = (name: string) => projections.find((p) => p.name === name);
