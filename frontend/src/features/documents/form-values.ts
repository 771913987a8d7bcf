import type { TFormField } from '@app/contracts/forms/definition';

/** What an input shows for a stored answer (an input's value is always text). */
export function inputText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** The chosen options of a multiselect answer (a lone text counts as one choice). */
export function choices(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string' && value !== '') return [value];
  return [];
}

/**
 * The answer to store for what was typed: a number field keeps a number once the text is one (and the
 * text otherwise, so the check can name the field); an emptied field stores nothing.
 */
export function answerFor(field: Pick<TFormField, 'type'>, text: string): string | number | null {
  if (text.trim() === '') return null;
  if (field.type === 'number') {
    const number = Number(text);
    return Number.isFinite(number) ? number : text;
  }
  return text;
}

/** One answer as read-only text: choices joined, nothing as an em dash. */
export function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((v) => String(v)).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A label for an answer key of a form whose definition the screen cannot read: `ownerName` → 'Owner Name'. */
export function keyLabel(key: string): string {
  const spaced = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
