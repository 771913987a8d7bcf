import type { TEstimate } from '@app/contracts/api/estimates';
import { formatDate, formatInstant } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { EstimateStatusBadge } from './Badges';

/**
 * Where the quote stands with the client: not sent; sent (and until when it is valid); accepted, by whom and
 * when; declined, with the reason. Send to Client mails it for them to accept or decline online.
 */
export function EstimateStatusPanel({
  estimate,
  sending,
  onSend,
}: {
  estimate: TEstimate;
  sending: boolean;
  onSend: () => void;
}) {
  const canSend = estimate.status !== 'accepted';
  return (
    <section
      aria-labelledby="estimate-client-answer"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="estimate-client-answer" className="text-lg font-semibold text-slate-900">
          Client Approval
        </h2>
        <EstimateStatusBadge status={estimate.status} />
      </div>
      <div data-testid="estimate-answer" className="space-y-1 text-sm text-slate-800">
        {estimate.status === 'draft' && <p>Not sent to the client yet.</p>}
        {estimate.sentAt && estimate.status !== 'draft' && <p>Sent {formatInstant(estimate.sentAt)}.</p>}
        {estimate.status === 'sent' && <p>Valid until {formatDate(estimate.validUntil)}.</p>}
        {estimate.status === 'accepted' && (
          <p>
            Accepted by {estimate.signerName ?? 'the client'}
            {estimate.acceptedAt && ` on ${formatInstant(estimate.acceptedAt)}`}.
          </p>
        )}
        {estimate.status === 'declined' && (
          <>
            <p>Declined{estimate.declinedAt && ` on ${formatInstant(estimate.declinedAt)}`}.</p>
            {estimate.declineReason && <p>Reason: {estimate.declineReason}</p>}
          </>
        )}
      </div>
      {canSend &&
        (estimate.clientId === null ? (
          <p className="text-sm text-slate-700">Choose a client (Edit) to send this quote.</p>
        ) : (
          <Button variant="outline" disabled={sending} onClick={onSend}>
            {sending ? 'Sending...' : estimate.status === 'draft' ? 'Send to Client' : 'Send Again'}
          </Button>
        ))}
    </section>
  );
}
