import { ZDollarsToCents } from '@app/contracts/api/primitives';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isAdmin, userQuery } from '../../../auth/session';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { centsToUsd } from '../payment-list';

/**
 * What Convert Quote to Invoice shows when the quote has nothing left to bill: the server's message naming the
 * invoices already made and, for an admin only, billing an explicit extra beyond the quote, after a
 * confirmation that says the client will then owe more than the quote.
 */
export function ExtraBeyondQuote({
  message,
  pending,
  onBill,
}: {
  message: string;
  pending: boolean;
  onBill: (dollars: string) => void;
}) {
  const user = useQuery(userQuery).data;
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const check = () => {
    const parsed = ZDollarsToCents.safeParse(amount);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please enter an amount');
    setError(null);
    setConfirming(parsed.data);
  };
  return (
    <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p role="alert">{message}</p>
      {isAdmin(user) &&
        (confirming === null ? (
          <div className="flex flex-wrap items-end gap-2">
            <div className="grow">
              <TextField
                label="Extra amount beyond the quote ($)"
                inputMode="decimal"
                value={amount}
                error={error}
                onChange={(event) => {
                  setAmount(event.target.value);
                  setError(null);
                }}
              />
            </div>
            <Button variant="outline" onClick={check}>
              Bill an extra amount...
            </Button>
          </div>
        ) : (
          <div className="space-y-2">
            <p className="font-medium">
              Bill {centsToUsd(confirming)} beyond this quote? The client's invoices for it will then total
              more than the quote.
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => setConfirming(null)}>
                Back
              </Button>
              <Button variant="danger" disabled={pending} onClick={() => onBill(amount)}>
                Yes, bill {centsToUsd(confirming)} extra
              </Button>
            </div>
          </div>
        ))}
    </div>
  );
}
