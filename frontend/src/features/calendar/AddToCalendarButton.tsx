import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { saveDocumentFile } from '../documents/api';
import { icsUrl } from './calendar-query';

/**
 * "Add to calendar": downloads the event as an .ics file (GET /api/calendar/ics?type=&id=). The file is
 * fetched with the bearer token (a plain link would not carry it); a failure is only logged (section 8).
 */
export function AddToCalendarButton({ event }: { event: TCalendarEvent }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await saveDocumentFile(icsUrl(event), `${event.type}-${event.id}.ics`);
    } catch (error) {
      console.error('Failed to add to calendar', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      className="px-2 py-1 text-xs"
      aria-label={`Add ${event.title} to calendar`}
      disabled={busy}
      onClick={() => void download()}
    >
      Add to calendar
    </Button>
  );
}
