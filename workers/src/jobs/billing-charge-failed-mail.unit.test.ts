import type { InvoiceNow } from '@app/contracts/invoices/invoice-now';
import { describe, expect, it } from 'vitest';
import { chargeFailedMailFor } from './billing-charge-failed-mail.ts';

describe('the declined card mail', () => {
  it('says which invoice, how much, why, and links its page', () => {
    const invoice = {
      invoiceId: 12,
      invoiceNumber: 'INV-202612-004',
      description: 'Starlink service (December 2026)',
      amountCents: 12_500,
      balanceCents: 12_500,
    } as InvoiceNow;
    const mail = chargeFailedMailFor(
      { invoice, clientName: 'Kenai Lodge', to: 'kenai@example.com', message: 'Your card was declined.' },
      'https://northern.example',
    );
    expect(mail.to).toBe('kenai@example.com');
    expect(mail.subject).toBe('Your card was declined for invoice INV-202612-004');
    expect(mail.text).toContain('$125.00 for invoice INV-202612-004 (Starlink service (December 2026))');
    expect(mail.text).toContain('Reason: Your card was declined.');
    expect(mail.text).toContain('https://northern.example/invoice/12');
  });
});
