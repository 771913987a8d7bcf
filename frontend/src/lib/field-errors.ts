import type { z } from 'zod';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The first message per field (the issue's top-level path), in the contract's words. */
export function firstMessagePerField<Field extends string>(
  issues: readonly z.core.$ZodIssue[],
  wording: (message: string) => string = (message) => message,
): FieldErrors<Field> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= wording(issue.message);
  }
  return errors as FieldErrors<Field>;
}
