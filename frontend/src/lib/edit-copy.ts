import type { TStaleVersionError } from '@app/contracts/api/versions';
import { useState } from 'react';
import { rebaseDraft, staleCopyOf } from './stale-copy';

/**
 * A form filled from a record that carries a version: the record as the form was filled from it (`base`, whose
 * version the save sends as If-Match), the form as typed (`draft`), and the stale copy the server refused,
 * if any. Reload fills the form from the newer record, keeping what the person typed.
 */
export function useEditCopy<R extends { version: number }, D extends object>(
  record: R,
  draftOf: (r: R) => D,
) {
  const [base, setBase] = useState(record);
  const [draft, setDraft] = useState(() => draftOf(record));
  const [stale, setStale] = useState<TStaleVersionError | null>(null);
  return {
    base,
    draft,
    setDraft,
    stale,
    /** A save the server answered with the record: the next save starts from it. */
    saved(next: R) {
      setBase(next);
      setStale(null);
    },
    /** A failed save: true when it was a stale copy (the screen shows it), false for any other failure. */
    failed(error: unknown) {
      const found = staleCopyOf(error);
      if (found) setStale(found);
      return found !== null;
    },
    /** The newer record, reloaded: its values, with the person's own edits kept on top. */
    reloadFrom(fresh: R) {
      setDraft((current) => rebaseDraft(draftOf(base), current, draftOf(fresh)));
      setBase(fresh);
      setStale(null);
    },
  };
}
