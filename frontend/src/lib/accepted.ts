import type { TAccepted } from '@app/contracts/api/accepted';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../ui/toast-store';

/** A 202 answer: the change is saved; the lists that will show it are read again, and the person is told. */
export function showAccepted(queryClient: QueryClient, answer: TAccepted, keys: readonly string[]) {
  for (const key of keys) void queryClient.invalidateQueries({ queryKey: [key] });
  toast({ title: 'Saved', description: answer.message });
}
