import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../platform/errors.ts';
import { BAD_SIGNATURE, verifiedEvent } from './webhook.ts';

const config = {
  STRIPE_SECRET_KEY: 'sk_test_unit',
  STRIPE_WEBHOOK_SECRET: 'whsec_unit_secret',
  STRIPE_PUBLISHABLE_KEY: undefined,
  STRIPE_API_BASE: undefined,
} as const;
const deps = { config } as unknown as Parameters<typeof verifiedEvent>[0];
const signer = new Stripe('sk_test_unit');
const payload = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'payment_intent.succeeded',
  created: 1,
  livemode: false,
  data: { object: {} },
});
const sign = (body: string, secret: string = config.STRIPE_WEBHOOK_SECRET, timestamp?: number) =>
  signer.webhooks.generateTestHeaderString({ payload: body, secret, ...(timestamp && { timestamp }) });

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof DomainError ? `${err.status} ${err.message}` : String(err);
  }
  return 'accepted';
};

describe('verifiedEvent', () => {
  it('takes the exact bytes Stripe signed', () => {
    expect(verifiedEvent(deps, Buffer.from(payload), sign(payload)).id).toBe('evt_1');
  });

  it('refuses a missing, wrong, stale or other-secret signature, and a changed body (400)', () => {
    const bad = `400 ${BAD_SIGNATURE}`;
    expect(refusal(() => verifiedEvent(deps, Buffer.from(payload), undefined))).toBe(bad);
    expect(refusal(() => verifiedEvent(deps, Buffer.from(payload), 't=1,v1=00'))).toBe(bad);
    expect(refusal(() => verifiedEvent(deps, Buffer.from(payload), sign(payload, 'whsec_other')))).toBe(bad);
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect(refusal(() => verifiedEvent(deps, Buffer.from(payload), sign(payload, undefined, stale)))).toBe(
      bad,
    );
    expect(
      refusal(() => verifiedEvent(deps, Buffer.from(payload.replace('evt_1', 'evt_2')), sign(payload))),
    ).toBe(bad);
    expect(refusal(() => verifiedEvent(deps, undefined, sign(payload)))).toBe(bad);
  });

  it('says card payment is being set up when Stripe is not configured (409)', () => {
    const off = { config: { ...config, STRIPE_WEBHOOK_SECRET: undefined } } as unknown as typeof deps;
    expect(refusal(() => verifiedEvent(off, Buffer.from(payload), sign(payload)))).toBe(
      '409 Payment processing is being set up...',
    );
  });
});
