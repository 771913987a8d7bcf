import { useEffect, useRef } from 'react';
import { toast } from '../../ui/toast-store';
import { CALENDAR_RETURN_TOASTS, type CalendarReturn } from './settings';

/**
 * The page the Google consent returns to carries `?calendar=connected|error` (spec part 2, section 2.5): it is
 * read once on load, told as a toast ('Calendar Connected', or 'Connection Failed'), then `clear` takes it off
 * the address so a reload or a shared link does not tell it again.
 */
export function useCalendarReturnToast(value: CalendarReturn | undefined, clear: () => void) {
  const told = useRef<CalendarReturn | undefined>(undefined);
  useEffect(() => {
    if (!value) {
      told.current = undefined;
      return;
    }
    if (told.current !== value) toast({ ...CALENDAR_RETURN_TOASTS[value] });
    told.current = value;
    clear();
  }, [value, clear]);
}
