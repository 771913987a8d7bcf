import {
  type AppointmentReminderDeps,
  appointmentChangedReminder,
  appointmentScheduledReminder,
} from './appointment-reminder-mail.ts';
import { type BillingChargeDeps, billingCharge } from './billing-charge.ts';
import { billingChargeFailedMail } from './billing-charge-failed-mail.ts';
import { type CalendarSyncDeps, calendarPushJobs } from './calendar-sync.ts';
import { type ConsultationMailDeps, consultationRequestedMail } from './consultation-requested-mail.ts';
import type { AnyJobDefinition } from './define.ts';
import { type DocumentMailDeps, documentSignedMail, documentUploadedMail } from './document-client-mail.ts';
import { type EstimateMailDeps, estimateSentMail } from './estimate-sent-mail.ts';
import { invoiceIssuedMail } from './invoice-issued-mail.ts';
import type { InvoiceMailDeps } from './invoice-mail.ts';
import { invoiceReceiptMails } from './invoice-receipt-mail.ts';
import { invoiceDueDateReminders, invoiceIssuedReminders } from './invoice-reminder-mail.ts';
import { type MessageMailDeps, messageClientMail } from './message-client-mail.ts';
import { type StripeEventDeps, stripeEventApply } from './stripe-event-apply.ts';
import { type StripeVoidDeps, stripeInvoiceVoid } from './stripe-invoice-void.ts';
import { type TemporaryPasswordMailDeps, temporaryPasswordMail } from './temporary-password-mail.ts';

/**
 * Every declared job (see `define.ts`). A new job is a file with its `defineJob(...)` and handler, listed here,
 * with what its handler needs added to `WorkerDeps` (given by the composition root).
 */
export const jobDefinitions: readonly AnyJobDefinition[] = [
  temporaryPasswordMail,
  consultationRequestedMail,
  documentSignedMail,
  documentUploadedMail,
  messageClientMail,
  appointmentScheduledReminder,
  appointmentChangedReminder,
  ...calendarPushJobs,
  estimateSentMail,
  invoiceIssuedMail,
  ...invoiceReceiptMails,
  ...invoiceIssuedReminders,
  ...invoiceDueDateReminders,
  stripeEventApply,
  stripeInvoiceVoid,
  billingCharge,
  billingChargeFailedMail,
];

export type WorkerDeps = TemporaryPasswordMailDeps &
  ConsultationMailDeps &
  DocumentMailDeps &
  MessageMailDeps &
  AppointmentReminderDeps &
  CalendarSyncDeps &
  EstimateMailDeps &
  InvoiceMailDeps &
  StripeEventDeps &
  StripeVoidDeps &
  BillingChargeDeps;

export const findJobDefinition = (id: string) => jobDefinitions.find((d) => d.id === id);
