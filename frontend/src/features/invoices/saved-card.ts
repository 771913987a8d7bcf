import {
  type TPaymentMethodResponse,
  type TSavedCard,
  ZPaymentMethodResponse,
  ZSavedCard,
  ZSetupIntentResponse,
} from '@app/contracts/api/billing';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

/**
 * The card a client saved for automatic payment of their recurring services (issue 15.8): the read, the
 * SetupIntent that starts saving one, and the word that Stripe confirmed it.
 */
export const SAVED_CARD_KEY = '/api/billing/card';

/** GET /api/billing/card: the signed-in client's own card, and whether cards can be saved here. */
export const savedCardQuery = queryOptions({
  queryKey: [SAVED_CARD_KEY],
  queryFn: async (): Promise<TPaymentMethodResponse> =>
    ZPaymentMethodResponse.parse(await apiRequest('GET', SAVED_CARD_KEY)),
});

/** POST /api/billing/setup-intent: the client secret the card form confirms with Stripe. */
export async function createSetupIntent(): Promise<string> {
  return ZSetupIntentResponse.parse(await apiRequest('POST', '/api/billing/setup-intent')).clientSecret;
}

/** POST /api/billing/card-saved: the server checks the SetupIntent with Stripe and keeps its card. */
export async function confirmCardSaved(setupIntentId: string): Promise<TSavedCard> {
  return ZSavedCard.parse(await apiRequest('POST', '/api/billing/card-saved', { setupIntentId }));
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa •••• 4242": Stripe's brand as people write it, and the last 4 digits. */
export function cardLabel(card: Pick<TSavedCard, 'brand' | 'last4'>) {
  const brand = BRANDS[card.brand] ?? (card.brand === 'unknown' || card.brand === '' ? 'Card' : card.brand);
  return `${brand} •••• ${card.last4}`;
}

/** "Expires 03/2031"; null when the expiry is not known. */
export function expiryText(card: Pick<TSavedCard, 'expMonth' | 'expYear'>) {
  if (card.expMonth === null || card.expYear === null) return null;
  return `Expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

/** Whether the card has expired by `today` (a card is good through the last day of its expiry month). */
export function cardExpired(card: Pick<TSavedCard, 'expMonth' | 'expYear'>, today: Date) {
  if (card.expMonth === null || card.expYear === null) return false;
  return today.getFullYear() * 12 + today.getMonth() + 1 > card.expYear * 12 + card.expMonth;
}
