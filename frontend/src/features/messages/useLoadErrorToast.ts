import { useEffect } from 'react';
import { failureText } from '../../lib/api';
import { errorToast } from '../../ui/toast-store';

/** 'Error Loading Messages' as a toast with the failure's message (spec part 2, section 8), once per failure. */
export function useLoadErrorToast(error: Error | null) {
  useEffect(() => {
    if (error) errorToast('Error Loading Messages', failureText(error, error.message));
  }, [error]);
}
