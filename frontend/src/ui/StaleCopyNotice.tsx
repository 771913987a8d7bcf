import { useState } from 'react';
import { Button } from './Button';

/**
 * Shown when a save was refused because someone else changed the record meanwhile: says what changed and
 * offers Reload, which shows the new values and keeps what the person typed. Nothing was saved.
 */
export function StaleCopyNotice({
  message,
  onReload,
}: {
  message: string;
  onReload: () => Promise<unknown>;
}) {
  const [state, setState] = useState<'idle' | 'reloading' | 'failed'>('idle');
  const reload = async () => {
    setState('reloading');
    try {
      await onReload();
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-medium">{message}</p>
      <p className="mt-1">
        Your changes were not saved. Reload to see the new values; what you typed stays in the form.
      </p>
      {state === 'failed' && <p className="mt-1 text-red-800">Could not reload. Please try again.</p>}
      <Button
        variant="outline"
        className="mt-2"
        disabled={state === 'reloading'}
        onClick={() => void reload()}
      >
        {state === 'reloading' ? 'Reloading...' : 'Reload'}
      </Button>
    </div>
  );
}
