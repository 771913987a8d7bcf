import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { bothZones, pageWriter, standardFonts, wrap } from './pdf.ts';

const chars = (s: string) => s.length;
const hasPoppler = () => {
  try {
    execFileSync('which', ['pdftotext'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe('PDF writing', () => {
  it('shows a time in Alaska (standard or daylight) and in UTC', () => {
    expect(bothZones('2026-01-15T20:00:00.000Z')).toBe(
      'Jan 15, 2026, 11:00:00 AM AKST (America/Anchorage) / 2026-01-15 20:00:00 UTC',
    );
    expect(bothZones('2026-07-04T18:00:00.000Z')).toContain('10:00:00 AM AKDT');
  });

  it('wraps by width, keeps line breaks and cuts a word longer than the line', () => {
    expect(wrap('aa bb cc', chars, 5)).toEqual(['aa bb', 'cc']);
    expect(wrap('one\ntwo', chars, 10)).toEqual(['one', 'two']);
    expect(wrap('abcdefghij', chars, 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrap('', chars, 4)).toEqual(['']);
  });

  it.skipIf(!hasPoppler())(
    'keeps a heading with the line after it rather than alone at the foot of a page',
    async () => {
      const doc = await PDFDocument.create();
      const [regular, bold] = await standardFonts(doc);
      const writer = pageWriter(doc, regular, bold);
      // 44 body lines of 15 points leave 24 of the page's 684: room for the heading (20.3), not for it and a line.
      for (let i = 0; i < 44; i++) writer.paragraph(`Line ${i + 1}`);
      writer.paragraph('## Heading');
      writer.paragraph('Body after');
      const folder = mkdtempSync(join(tmpdir(), 'pdf-writer-'));
      try {
        const file = join(folder, 'keep.pdf');
        writeFileSync(file, await doc.save());
        const page = (n: number) =>
          execFileSync('pdftotext', ['-f', `${n}`, '-l', `${n}`, file, '-']).toString();
        expect(doc.getPageCount()).toBe(2);
        expect(page(1)).toContain('Line 44');
        expect(page(1)).not.toContain('Heading');
        expect(
          page(2)
            .trim()
            .split(/\s*\n\s*/),
        ).toEqual(['Heading', 'Body after']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
