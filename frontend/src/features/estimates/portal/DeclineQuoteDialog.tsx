import type { TEstimate } from '@app/contracts/api/estimates';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextArea } from '../../../ui/Field';
import { useDeclineQuote } from './api';
import { declineReasonProblem } from './quote-view';

/** Decline Quote: the client's reason (required) goes to us with the answer. */
export function DeclineQuoteDialog({
  quote,
  open,
  onClose,
  onDeclined,
}: {
  quote: Pick<TEstimate, 'id' | 'quoteNumber'>;
  open: boolean;
  onClose: () => void;
  onDeclined?: () => void;
}) {
  const decline = useDeclineQuote();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (decline.isPending) return;
    setError(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Decline Quote"
      description={`Tell us why you are declining quote ${quote.quoteNumber}, so we can help.`}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const problem = declineReasonProblem(reason);
          setError(problem);
          if (problem) return;
          // A refusal keeps the dialog and the reason; a quote answered meanwhile is read again and shows how it
          // stands, which closes this with the rest of the open quote's answer.
          decline.mutate(
            { id: quote.id, body: { reason: reason.trim() } },
            {
              onSuccess: () => {
                onClose();
                onDeclined?.();
              },
            },
          );
        }}
      >
        <TextArea
          label="Reason"
          required
          maxLength={2000}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            if (error) setError(null);
          }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={close} disabled={decline.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={decline.isPending}>
            {decline.isPending ? 'Declining...' : 'Decline Quote'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
