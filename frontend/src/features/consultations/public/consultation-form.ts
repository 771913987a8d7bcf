import {
  businessToday,
  DATE_IN_PAST,
  MISSING_FIELDS,
  ZConsultationRequestBody,
} from '@app/contracts/api/consultations';
import { ApiError } from '../../../lib/api';
import { type FieldErrors, firstMessagePerField } from '../../../lib/field-errors';

export const EMPTY_REQUEST = {
  name: '',
  email: '',
  phone: '',
  preferredDate: '',
  preferredTime: '',
  serviceType: '',
  propertyType: '',
  description: '',
  website: '',
};
export type ConsultationForm = typeof EMPTY_REQUEST;

/** The form's own check, with the server's schema: the first problem as a toast, or null when fine. */
export function formProblem(
  form: ConsultationForm,
  now = new Date(),
): { title: string; description: string } | null {
  const parsed = ZConsultationRequestBody.safeParse(form);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => issue.message);
    if (messages.includes(MISSING_FIELDS))
      return { title: 'Missing Information', description: MISSING_FIELDS };
    return { title: 'Invalid Information', description: messages[0] ?? MISSING_FIELDS };
  }
  if (form.preferredDate < businessToday(now)) return { title: 'Invalid Date', description: DATE_IN_PAST };
  return null;
}

export const REQUIRED = 'This field is required.';

/** Each refused field with its message, shown under the field (the toast of `formProblem` sums them up). */
export function fieldProblems(form: ConsultationForm, now = new Date()): FieldErrors<keyof ConsultationForm> {
  const parsed = ZConsultationRequestBody.safeParse(form);
  const errors: FieldErrors<keyof ConsultationForm> = parsed.success
    ? {}
    : firstMessagePerField(parsed.error.issues, (message) =>
        message === MISSING_FIELDS ? REQUIRED : message,
      );
  if (form.preferredDate && form.preferredDate < businessToday(now)) errors.preferredDate ??= DATE_IN_PAST;
  return errors;
}

/** 'Submission Failed' text: the server's message, else 'HTTP {status}: {statusText}', else the fallback. */
export function submissionFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Failed to schedule consultation. Please try again.';
  if (!error.body) return `HTTP ${error.message}`;
  try {
    const parsed = JSON.parse(error.body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : `HTTP ${error.message}`;
  } catch {
    return 'Unknown error';
  }
}
