import { ZPaymentIntentResponse } from '@app/contracts/api/invoices';
import { apiRequest } from '../../lib/api';

/** POST /api/create-payment-intent: the embedded card form's client secret for what is owed on an invoice. */
export async function createPaymentIntent(body: {
  invoiceId: number;
  projectId: number;
  amount: string;
  description: string;
}): Promise<string> {
  const answer = await apiRequest('POST', '/api/create-payment-intent', body);
  return ZPaymentIntentResponse.parse(answer).clientSecret;
}
