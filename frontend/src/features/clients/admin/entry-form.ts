import {
  type TClient,
  type TUpdateClientBody,
  ZCreateEntryBody,
  ZUpdateClientBody,
} from '@app/contracts/api/clients';
import type { z } from 'zod';
import { type FieldErrors, firstMessagePerField } from '../../../lib/field-errors';

export type { FieldErrors };

/** The dialogs' fields as typed. */
export type ClientDraft = { name: string; email: string; phone: string; address: string };
/** userType '' is the unchosen select, which the contract answers with its own message. */
export type EntryDraft = ClientDraft & { userType: 'client' | 'user' | ''; portalAccess: boolean };
export type CreateEntryBody = z.output<typeof ZCreateEntryBody>;

export type Checked<Body, Field extends string> =
  | { ok: true; body: Body }
  | { ok: false; errors: FieldErrors<Field> };

export const EMPTY_ENTRY: EntryDraft = {
  name: '',
  email: '',
  phone: '',
  address: '',
  userType: 'client',
  portalAccess: true,
};

export const draftOf = (client: TClient): ClientDraft => ({
  name: client.name,
  email: client.email,
  phone: client.phone ?? '',
  address: client.address ?? '',
});

// The contract checks the e-mail format before it trims, so the draft is trimmed first.
const trimmed = (draft: ClientDraft): ClientDraft => ({
  name: draft.name.trim(),
  email: draft.email.trim(),
  phone: draft.phone.trim(),
  address: draft.address.trim(),
});

/** Add New Entry: portal access only means something for a client. */
export function checkEntry(draft: EntryDraft): Checked<CreateEntryBody, keyof EntryDraft> {
  const result = ZCreateEntryBody.safeParse({
    ...trimmed(draft),
    userType: draft.userType,
    portalAccess: draft.userType === 'client' && draft.portalAccess,
  });
  return result.success
    ? { ok: true, body: result.data }
    : { ok: false, errors: firstMessagePerField(result.error.issues) };
}

export function checkClient(draft: ClientDraft): Checked<TUpdateClientBody, keyof ClientDraft> {
  const result = ZUpdateClientBody.safeParse(trimmed(draft));
  return result.success
    ? { ok: true, body: result.data }
    : { ok: false, errors: firstMessagePerField(result.error.issues) };
}
