import { BUSINESS_TIME_ZONE } from '@app/contracts/calendar/time-zone';
import { type PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * Writing PDFs with pdf-lib, shared by the signed documents and the quotes: the page, the standard fonts, word
 * wrap, times as the business shows them, and a writer that flows text, pictures and table rows from the top of
 * a page to the bottom, starting a new page whenever the next line would not fit.
 */

export const PAGE: [number, number] = [612, 792]; // US Letter, in points
export const MARGIN = 54;
export const WIDTH = PAGE[0] - 2 * MARGIN;

export const standardFonts = async (doc: PDFDocument) =>
  [await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold)] as const;

const local = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'long',
});

/** "Nov 24, 2026, 12:37:27 AM AKST (America/Anchorage) / 2026-11-24 09:37:27 UTC". */
export function bothZones(iso: string): string {
  const at = new Date(iso);
  const utc = `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  return `${local.format(at)} (${BUSINESS_TIME_ZONE}) / ${utc}`;
}

/** Greedy word wrap by measured width; a word wider than the line is cut. Newlines in the text are kept. */
export function wrap(text: string, width: (s: string) => number, max: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (let word of paragraph.split(/\s+/).filter(Boolean)) {
      while (width(word) > max) {
        let cut = word.length - 1;
        while (cut > 1 && width(word.slice(0, cut)) > max) cut--;
        if (line) out.push(line);
        out.push(word.slice(0, cut));
        line = '';
        word = word.slice(cut);
      }
      const candidate = line ? `${line} ${word}` : word;
      if (width(candidate) <= max) line = candidate;
      else {
        out.push(line);
        line = word;
      }
    }
    out.push(line);
  }
  return out;
}

/** One cell of a table row: its text wraps within `width` points. */
export interface Cell {
  text: string;
  width: number;
  align?: 'left' | 'right';
  bold?: boolean;
}

const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const CELL_PADDING = 6;

/** Writes paragraphs, pictures and table rows top to bottom, starting a new page whenever the next line would not fit. */
export function pageWriter(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
  let page: PDFPage = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage(PAGE);
    y = PAGE[1] - MARGIN;
  };
  // The standard fonts only know WinAnsi: anything else is shown as "?" rather than failing the document.
  const known = (font: PDFFont) => new Set(font.getCharacterSet());
  const sets = new Map([
    [regular, known(regular)],
    [bold, known(bold)],
  ]);
  const safe = (font: PDFFont, s: string) =>
    [...s.replace(/\t/g, ' ')].map((ch) => (sets.get(font)!.has(ch.codePointAt(0)!) ? ch : '?')).join('');
  const lines = (text: string, font: PDFFont, size: number, max: number) =>
    wrap(text, (s) => font.widthOfTextAtSize(safe(font, s), size), max);

  return {
    /** "# " a heading, "## " a label, anything else body text (`small`: smaller and grey). */
    paragraph(text: string, options: { small?: boolean } = {}) {
      const [font, size, before] = text.startsWith('# ')
        ? [bold, 16, 10]
        : text.startsWith('## ')
          ? [bold, 11, 6]
          : [regular, options.small ? 9 : 10, 2];
      const color = options.small && font === regular ? MUTED : INK;
      const body = text.replace(/^#{1,2} /, '');
      const lineHeight = size * 1.3;
      y -= before;
      // A heading is kept with the first line of body text after it (2 + 13 points), never left alone at the foot of a page.
      if (font === bold) room(lineHeight + 16);
      for (const line of lines(body, font, size, WIDTH)) {
        room(lineHeight);
        y -= lineHeight;
        page.drawText(safe(font, line), { x: MARGIN, y, size, font, color });
      }
    },
    /** A picture shrunk to fit, never enlarged (a tiny drawing stays as drawn), with a line under it unless told not to. */
    image(picture: PDFImage, maxWidth: number, maxHeight: number, options: { underline?: boolean } = {}) {
      const fits = picture.width <= maxWidth && picture.height <= maxHeight;
      const scaled = fits ? picture.size() : picture.scaleToFit(maxWidth, maxHeight);
      room(scaled.height + 8);
      y -= scaled.height + 8;
      page.drawImage(picture, { x: MARGIN, y, width: scaled.width, height: scaled.height });
      if (options.underline === false) return;
      page.drawLine({
        start: { x: MARGIN, y: y - 2 },
        end: { x: MARGIN + maxWidth, y: y - 2 },
        thickness: 0.5,
        color: rgb(0.4, 0.4, 0.4),
      });
    },
    /**
     * A table row: the cells side by side from the left margin, each wrapped within its width. A row taller than
     * the room left goes on line by line onto the next page, so no text is ever drawn below the margin.
     */
    row(cells: Cell[], options: { size?: number } = {}) {
      const size = options.size ?? 10;
      const lineHeight = size * 1.3;
      const wrapped = cells.map((cell) => {
        const font = cell.bold ? bold : regular;
        return { cell, font, lines: lines(cell.text, font, size, cell.width - CELL_PADDING) };
      });
      const count = Math.max(...wrapped.map((w) => w.lines.length));
      y -= 2;
      for (let i = 0; i < count; i++) {
        room(lineHeight);
        y -= lineHeight;
        let x = MARGIN;
        for (const { cell, font, lines: cellLines } of wrapped) {
          const text = safe(font, cellLines[i] ?? '');
          const right = cell.align === 'right';
          const at = right ? x + cell.width - font.widthOfTextAtSize(text, size) : x;
          if (text) page.drawText(text, { x: at, y, size, font, color: INK });
          x += cell.width;
        }
      }
    },
    /** A thin line across the text width. */
    rule() {
      room(6);
      y -= 4;
      page.drawLine({
        start: { x: MARGIN, y },
        end: { x: MARGIN + WIDTH, y },
        thickness: 0.5,
        color: rgb(0.6, 0.6, 0.6),
      });
      y -= 2;
    },
    /** Empty space (nothing when it would only push to the next page). */
    space(points: number) {
      y = Math.max(MARGIN, y - points);
    },
  };
}
