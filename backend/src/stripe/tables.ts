/**
 * `stripe_payment_intents`: the reconciliation sweep's work list, one row per payment intent we made, until it is
 * settled (recorded as a payment, canceled, or its invoice deleted). The invoice's stream holds the facts
 * (InvoicePaymentIntentCreated, InvoicePaymentRecorded); this only says which intents are still worth asking
 * Stripe about, so a round costs one query and one call per open intent whatever the history's size. The row is
 * written just after Stripe made the intent and before the intent is recorded on the invoice, so an intent a
 * crash left unrecorded is still found.
 */
export const stripeTablesSql = `
CREATE TABLE stripe_payment_intents (
  intent_id text PRIMARY KEY,
  invoice_id integer NOT NULL,
  amount_cents integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_checked_at timestamptz,
  last_status text,
  settled_at timestamptz
);
CREATE INDEX stripe_payment_intents_open ON stripe_payment_intents (created_at) WHERE settled_at IS NULL;`;
