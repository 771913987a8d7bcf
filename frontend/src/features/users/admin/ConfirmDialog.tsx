import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { Confirmation } from './user-rules';

/** Asks before a change to an account: Cancel, or the action's own button. */
export function ConfirmDialog({
  confirmation,
  busy,
  onCancel,
  onConfirm,
}: {
  confirmation: Confirmation | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={confirmation !== null} onClose={onCancel} title={confirmation?.title ?? ''}>
      {confirmation && (
        <div className="space-y-6">
          <p className="text-sm text-slate-800">{confirmation.message}</p>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button variant={confirmation.danger ? 'danger' : 'primary'} disabled={busy} onClick={onConfirm}>
              {busy ? 'Working...' : confirmation.confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
