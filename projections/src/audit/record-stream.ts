/**
 * Bookkeeping nobody edits is kept in streams of its own, so it never races the edits of the record it is
 * about (see docs/architecture.md, "Bookkeeping streams"). In the audit trail it stands under that record:
 * the rows of such a stream carry the record's stream, so the record's trail (and a document's project's
 * History) shows them with the record's own events.
 */
const BOOKKEEPING: readonly [RegExp, (id: string) => string][] = [
  // A document's views: one stream per document, viewer and day (backend/src/documents/decide.ts).
  [/^document-view-(\d+)-/, (id) => `document-${id}`],
];

/** The stream of the record a stream's events are about: itself, unless it is a bookkeeping stream. */
export function recordStreamOf(stream: string): string {
  for (const [pattern, record] of BOOKKEEPING) {
    const match = pattern.exec(stream);
    if (match) return record(match[1]!);
  }
  return stream;
}
