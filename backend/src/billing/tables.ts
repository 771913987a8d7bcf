/**
 * Recurring billing's plain tables. `billing_plan_ids` numbers the plans. `billing_cards` keeps each client's
 * Stripe customer and the payment method their recurring invoices are charged to: Stripe's ids, never in events
 * (the event `ClientCardSaved` says only the brand and last 4 digits).
 */
export const billingTablesSql = `
CREATE SEQUENCE IF NOT EXISTS billing_plan_ids;
CREATE TABLE billing_cards (
  client_id integer PRIMARY KEY,
  customer_id text NOT NULL,
  payment_method_id text,
  setup_intent_id text,
  updated_at timestamptz NOT NULL DEFAULT now()
);`;

/**
 * What the portal shows of the saved card (brand, last 4, expiry), and the creation time (Stripe's seconds) of
 * the SetupIntent it came from: a card from an older SetupIntent (a late webhook) never replaces a newer one.
 */
export const billingCardDetailsSql = `
ALTER TABLE billing_cards
  ADD COLUMN brand text,
  ADD COLUMN last4 text,
  ADD COLUMN exp_month smallint,
  ADD COLUMN exp_year smallint,
  ADD COLUMN setup_created bigint;`;
