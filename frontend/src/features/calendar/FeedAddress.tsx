import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { failureText } from '../../lib/api';
import { Button } from '../../ui/Button';
import { errorToast, toast } from '../../ui/toast-store';
import { calendarFeedQuery, useReplaceFeed } from './settings-api';

/** The copy confirmation reads 'Copied' this long (spec part 2, section 9: 2 s). */
const COPIED_RESET_MS = 2000;

/** A Copy button for one value; `what` names it for screen readers ("Copy the redirect address"). */
export function CopyButton({ value, what }: { value: string; what: string }) {
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
    <Button variant="outline" aria-label={`Copy ${what}`} onClick={() => void copy()}>
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/** A value shown selectable (to copy by hand where the clipboard is unavailable) with its Copy button. */
export function CopyableValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <div className="mt-1 flex items-start gap-2">
        <code
          data-testid={testId}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-900 select-all"
        >
          {value}
        </code>
        <CopyButton value={value} what={label.toLowerCase()} />
      </div>
    </div>
  );
}

/**
 * The signed-in person's private calendar address (GET /api/calendar/feed, issue 13.5): any calendar app
 * (Outlook, Teams, Google, Apple) subscribes to it without signing in here. "Get a new address" revokes the
 * old one, for when it was shared by mistake.
 */
export function FeedAddress({ hint }: { hint: string }) {
  const feed = useQuery(calendarFeedQuery);
  const replace = useReplaceFeed();

  const onReplace = () => {
    if (
      !window.confirm(
        'Get a new calendar address? Calendars subscribed to the current address will stop updating until you subscribe again with the new one.',
      )
    )
      return;
    replace.mutate();
  };

  if (feed.isPending) return <p className="text-sm text-slate-700">Loading your calendar address...</p>;
  if (feed.isError || !feed.data)
    return (
      <div role="alert" className="text-sm text-red-800">
        <p>{failureText(feed.error, 'Your calendar address could not be loaded.')}</p>
        <Button variant="outline" className="mt-2" onClick={() => void feed.refetch()}>
          Try Again
        </Button>
      </div>
    );
  const url = absolute(feed.data.url);
  return (
    <div className="space-y-2">
      <CopyableValue label="Your calendar address" value={url} testId="feed-url" />
      <p className="text-sm text-slate-700">{hint}</p>
      <Button variant="outline" disabled={replace.isPending} onClick={onReplace}>
        {replace.isPending ? 'Getting a new address...' : 'Get a new address'}
      </Button>
    </div>
  );
}

/** The server may answer a path; a calendar app needs the full address. */
const absolute = (url: string) => {
  try {
    return new URL(url, window.location.origin).toString();
  } catch {
    return url;
  }
};
