import { useEffect, useState } from 'react';
import { Button } from './Button';
import { errorToast, toast } from './toast-store';

/** The copy confirmation reads 'Copied' this long, then the button reads 'Copy' again (spec part 2, 9). */
export const COPIED_RESET_MS = 2000;

/**
 * A secret shown once (a temporary password) with a Copy button. The text stays selectable so it can be
 * copied by hand where the clipboard is not available.
 */
export function CopyableSecret({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast({ title: 'Copied to clipboard' });
    } catch {
      errorToast('Copy failed', 'Select the text and copy it by hand.');
    }
  };

  return (
    <div>
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <code
          data-testid="secret-value"
          className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base break-all text-slate-900 select-all"
        >
          {value}
        </code>
        <Button variant="outline" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
