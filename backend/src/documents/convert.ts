import type { TFieldType, TFormField, TFormSection } from '@app/contracts/forms/definition';

/**
 * "Convert Document to Form": proposes a form from a document's text, for the admin to finish in the form
 * builder. Pure: the text comes in (read from a PDF's text layer or a Word file elsewhere), sections and
 * fields come out. What it reads as what:
 * - a field: a label ending in a colon ("Name:"), or a label before a run of underscores or dots
 *   ("Name: ______", "Date ......"), several on one line ("City: ____ State: ____ ZIP: ____");
 * - a choice: check boxes ("[ ] Cameras  [ ] Starlink", "☐ Yes ☐ No") on the label's line or on the lines
 *   after a label ending in a colon; yes/no and "choose one" make a dropdown, others multiple choice;
 * - a section: a short line in capitals, "Section 2: ...", or a short line followed by fields;
 * - the title: the first heading (one naming a form, request, agreement... when there are several before the
 *   first field), else the file name without its extension.
 * A field's type comes from its label's words (e-mail, phone, date, quantities, addresses and notes).
 */
export interface FormProposal {
  formTitle: string;
  formSections: TFormSection[];
}

const MAX_SECTIONS = 50;
const MAX_FIELDS = 200;
const MAX_OPTIONS = 100;
const MAX_TEXT = 200;

const BLANK = /_{3,}|\.{4,}|…{2,}/;
const BLANKS = /\s*(?:_{3,}|\.{4,}|…{2,})[\s_.…]*/g;
const BOX = /\[\s?[xX✓✔]?\s?\]|[☐☑☒□■▢❏❑]/;
const FORM_WORDS =
  /\b(form|request|application|agreement|order|checklist|quote|estimate|inspection|report|questionnaire|survey|registration|waiver|contract|permit|intake|authori[sz]ation|certificate)\b/i;
/** Lines the signing takes care of: the form's own signature is drawn when the client signs it. */
const SIGNATURE = /^(client\s+|customer\s+|owner\s+|authori[sz]ed\s+)?(signature|signed|initials)\b/i;

const clip = (s: string, max = MAX_TEXT) => (s.length > max ? s.slice(0, max).trimEnd() : s);
const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();
const letters = (s: string) => s.replace(/[^\p{L}]/gu, '');
const isCapitals = (s: string) => {
  const l = letters(s);
  return l.length >= 3 && l === l.toUpperCase() && l !== l.toLowerCase();
};
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** "SERVICE REQUEST FORM" → "Service Request Form"; mixed case is kept as written. */
function titleCase(s: string, minWords = 1): string {
  if (!isCapitals(s) || wordCount(s) < minWords) return s;
  return s
    .toLowerCase()
    .replace(/(^|[\s(/-])(\p{L})/gu, (_m, before: string, c: string) => before + c.toUpperCase());
}

/** A label as shown: no numbering, no trailing colon or blanks, no required marks. */
function cleanLabel(raw: string): { label: string; required: boolean } {
  let label = tidy(raw.replace(BLANKS, ' '));
  const required = /\*|\(required\)/i.test(label);
  label = label
    .replace(/\(required\)/gi, '')
    .replace(/\*/g, '')
    .replace(/^(\d{1,2}|[a-z])[.)]\s+/i, '')
    .replace(/[\s:;,-]+$/, '')
    .trim();
  // One word in capitals in a label is likely an abbreviation (ZIP, VIN): kept.
  return { label: clip(titleCase(label, 2)), required };
}

export function fieldTypeFor(label: string): TFieldType {
  const l = label.toLowerCase();
  if (/e-?mail/.test(l)) return 'email';
  if (/\b(phone|telephone|tel|mobile|cell|fax)\b/.test(l)) return 'phone';
  if (/\b(date|dated|dob)\b|birth|\bday of\b/.test(l)) return 'date';
  if (
    /\b(address|notes?|comments?|description|describe|details|remarks|instructions|explain|explanation|additional information)\b/.test(
      l,
    )
  )
    return 'textarea';
  if (
    /\b(qty|quantity|count|how many|number of|no\.? of|amount|price|cost|total|budget|age|sq\.? ?ft|square (feet|footage))\b|#\s*of\b/.test(
      l,
    )
  )
    return 'number';
  // "Number" alone is a quantity; a policy or account number is an identifier, kept as text.
  if (/^(number|no\.?)$/.test(l)) return 'number';
  return 'text';
}

/** Options of a check-box run: the text after each box, up to the next box. */
function optionsOf(text: string): string[] {
  return text
    .split(BOX)
    .slice(1)
    .map((o) => cleanLabel(o).label)
    .filter((o) => o.length > 0)
    .slice(0, MAX_OPTIONS);
}

const isChoiceOfOne = (label: string, options: string[]) => {
  const set = options.map((o) => o.toLowerCase());
  if (set.length === 2 && set.includes('yes') && set.includes('no')) return true;
  if (set.length === 3 && set.includes('yes') && set.includes('no')) return true;
  return /\b(select|choose|check|circle|pick)\s+one\b|\bone only\b/i.test(label);
};

type Line =
  | { kind: 'blank-fields'; labels: string[] }
  | { kind: 'label'; text: string }
  | { kind: 'choices'; label: string; options: string[] }
  | { kind: 'text'; text: string };

function classify(raw: string): Line {
  const line = tidy(raw);
  if (BOX.test(line)) {
    const at = line.search(BOX);
    return { kind: 'choices', label: line.slice(0, at), options: optionsOf(line.slice(at)) };
  }
  if (BLANK.test(line)) {
    // "City: ____ State: ____": the text before each run of blanks is a label.
    const labels = line
      .split(/_{3,}|\.{4,}|…{2,}/)
      .map((part) => part.replace(/^[\s_.…]+/, ''))
      .filter((part) => letters(part).length > 0);
    return { kind: 'blank-fields', labels };
  }
  if (/:$/.test(line) && line.length <= 80) return { kind: 'label', text: line };
  return { kind: 'text', text: line };
}

const isHeadingText = (text: string) =>
  text.length >= 2 &&
  text.length <= 80 &&
  wordCount(text) <= 10 &&
  letters(text).length >= 2 &&
  !/[.,;!?]$/.test(text);

const isNumberedHeading = (text: string) => /^(section|part|step)\s+([0-9]+|[ivx]+)\b/i.test(text);

class Builder {
  sections: TFormSection[] = [];
  private ids = new Set<string>();
  private current: TFormSection | null = null;

  section(title: string) {
    if (this.current && this.current.fields.length === 0 && this.current.description === '') {
      this.current.title = clip(title);
      return;
    }
    if (this.sections.length >= MAX_SECTIONS) return;
    this.current = {
      id: `section-${this.sections.length + 1}`,
      title: clip(title),
      description: '',
      collapsed: false,
      fields: [],
    };
    this.sections.push(this.current);
  }

  describe(text: string) {
    if (!this.current || this.current.fields.length > 0) return;
    const description = tidy(`${this.current.description} ${text}`);
    this.current.description = description.length > 2000 ? description.slice(0, 2000) : description;
  }

  field(rawLabel: string, options: string[] = []) {
    const { label, required } = cleanLabel(rawLabel);
    if (!label || SIGNATURE.test(label)) return;
    if (!this.current) this.section('');
    const section = this.current!;
    if (section.fields.length >= MAX_FIELDS) return;
    const type: TFieldType =
      options.length > 0
        ? isChoiceOfOne(rawLabel, options)
          ? 'select'
          : 'multiselect'
        : fieldTypeFor(label);
    const field: TFormField = { id: this.idFor(label), type, label, placeholder: '', required, options };
    section.fields.push(field);
  }

  /** camelCase of the label's words, as the built-in templates name their fields; unique in the form. */
  private idFor(label: string) {
    const words = label
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9 ]+/g, ' ')
      .split(' ')
      .filter(Boolean)
      .slice(0, 8);
    const base =
      words
        .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
        .join('') || 'field';
    let id = base.slice(0, 90);
    for (let n = 2; this.ids.has(id); n++) id = `${base.slice(0, 90)}-${n}`;
    this.ids.add(id);
    return id;
  }
}

const fileTitle = (fileName: string) => {
  const base = (fileName.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '').trim();
  return clip(base) || 'Converted form';
};

export function proposeForm(text: string, fileName: string): FormProposal {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n')
    .split('\n')
    .map(tidy)
    .filter((l) => l.length > 0)
    .map(classify);
  const isFieldLine = (l: Line | undefined) => l?.kind === 'blank-fields' || l?.kind === 'choices';
  const startsFields = (i: number) => {
    const next = lines[i + 1];
    return isFieldLine(next) || next?.kind === 'label';
  };

  // The title: a heading before the first field, preferring one that names the kind of form.
  const firstField = lines.findIndex((l) => l.kind !== 'text');
  const before = lines.slice(0, firstField === -1 ? lines.length : firstField);
  const headings = before
    .map((l, i) => ({ l, i }))
    .filter(({ l, i }) => l.kind === 'text' && isHeadingText(l.text) && (isCapitals(l.text) || i === 0));
  const titleLine =
    headings.find(({ l }) => l.kind === 'text' && FORM_WORDS.test(l.text)) ??
    (headings[0]?.i === 0 ? headings[0] : undefined);
  const formTitle =
    titleLine && titleLine.l.kind === 'text' ? clip(titleCase(titleLine.l.text)) : fileTitle(fileName);

  const form = new Builder();
  let pendingLabel: string | null = null;
  const flushLabel = () => {
    if (pendingLabel !== null) form.field(pendingLabel);
    pendingLabel = null;
  };

  for (const [i, line] of lines.entries()) {
    if (i === titleLine?.i) continue;
    switch (line.kind) {
      case 'choices': {
        if (letters(line.label).length > 0) {
          flushLabel();
          form.field(line.label, line.options);
          continue;
        }
        // Boxes on their own line(s) belong to the label just before them ("Services:" then "☐ A ☐ B").
        const label = pendingLabel ?? '';
        const previous = form.sections.at(-1)?.fields.at(-1);
        if (pendingLabel === null && previous && previous.options.length > 0) {
          previous.options = [...previous.options, ...line.options].slice(0, MAX_OPTIONS);
          if (previous.type === 'select' && !isChoiceOfOne(previous.label, previous.options))
            previous.type = 'multiselect';
          continue;
        }
        pendingLabel = null;
        if (label) form.field(label, line.options);
        // A lone box is a yes/no question ("☐ I agree to the terms"); a lone row of boxes, a choice.
        else if (line.options.length === 1) form.field(line.options[0]!, ['Yes', 'No']);
        else form.field('Choices', line.options);
        continue;
      }
      case 'blank-fields':
        flushLabel();
        for (const label of line.labels) form.field(label);
        continue;
      case 'label': {
        flushLabel();
        const heading = line.text.replace(/:$/, '');
        // "Section 2: Property" or a long lead-in ("Please complete all of the following:") is no field.
        if (isNumberedHeading(heading)) {
          form.section(titleCase(heading));
          continue;
        }
        if (wordCount(heading) > 6) {
          form.describe(line.text);
          continue;
        }
        pendingLabel = line.text;
        continue;
      }
      case 'text': {
        flushLabel();
        const t = line.text;
        if (
          isHeadingText(t) &&
          (isCapitals(t) || isNumberedHeading(t) || (startsFields(i) && wordCount(t) <= 6))
        ) {
          form.section(titleCase(t.replace(/^(\d{1,2})[.)]\s+/, '')));
          continue;
        }
        form.describe(t);
        continue;
      }
      default: {
        const unhandled: never = line;
        throw new Error(`unhandled line ${String(unhandled)}`);
      }
    }
  }
  flushLabel();

  const formSections = form.sections.filter((s) => s.fields.length > 0);
  return {
    formTitle,
    formSections: formSections.length > 0 ? formSections : [emptySection()],
  };
}

/** One empty section: what a picture (or a document without labels) gives, to fill by hand in the builder. */
export const emptySection = (): TFormSection => ({
  id: 'section-1',
  title: '',
  description: '',
  collapsed: false,
  fields: [],
});
