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
