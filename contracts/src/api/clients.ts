import { z } from 'zod';
import { ZAccepted } from './accepted.ts';
import { ZListQuery, ZPage } from './paging.ts';
import { ZIdParam, ZText } from './primitives.ts';
import { ZUser } from './users.ts';
import { ZVersion } from './versions.ts';

/** A customer of the business; may be linked to a user account that signs in to the portal. */
export const ZClient = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
  /** What Edit Client sends back as If-Match (see ./versions.ts). */
  version: ZVersion,
});
export type TClient = z.infer<typeof ZClient>;

export const CLIENT_SORTS = ['name', '-name'] as const;
export type TClientSort = (typeof CLIENT_SORTS)[number];

/**
 * `GET /api/clients` paged (issue 23, contracts/api/paging.ts): `q` searches every word in the name, e-mail,
 * phone and address (and the types of the client's projects); `sort` is by name, A-Z (`name`, the default)
 * or Z-A (`-name`).
 */
export const ZClientsQuery = ZListQuery({
  sort: z.enum(CLIENT_SORTS, { error: `sort must be one of ${CLIENT_SORTS.join(', ')}` }).optional(),
});
export type TClientsQuery = z.infer<typeof ZClientsQuery>;
/** A row of the Clients view: the client and how many projects they have (from the kept counters). */
export const ZClientListItem = ZClient.extend({ projectCount: z.number().int() });
export type TClientListItem = z.infer<typeof ZClientListItem>;
export const ZClientsPage = ZPage(ZClientListItem);
export type TClientsPage = z.infer<typeof ZClientsPage>;

const optionalText = (max: number) =>
  ZText(max)
    .nullish()
    .transform((v) => (v ? v : null));

const clientFields = {
  name: ZText(200, { error: 'Name is required' }).min(1, 'Name is required'),
  email: z.email({ error: 'Invalid email' }).trim().toLowerCase(),
  phone: optionalText(40),
  address: optionalText(300),
};

/**
 * The Add New Entry dialog (spec part 2, section 5): `client` adds a client (with `portalAccess`, also a
 * sign-in account mailed a temporary password); `user` adds a user account only (it shows under Users).
 */
export const ZCreateEntryBody = z.object({
  ...clientFields,
  userType: z
    .enum(['client', 'user'], { error: 'Please select whether this is a client or user' })
    .default('client'),
  portalAccess: z.boolean().default(true),
});
export type TCreateEntryBody = z.input<typeof ZCreateEntryBody>;
export const ZCreateEntryResponse = z.object({
  client: ZClient.nullable(),
  user: ZUser.nullable(),
  /** Shown once to the admin; also mailed to the new account. */
  temporaryPassword: z.string().nullable(),
});

/** 202 for Add New Entry: stored, not yet on screen; the temporary password is shown once all the same. */
export const ZEntryAccepted = ZAccepted.extend({
  userId: z.number().int().nullable(),
  temporaryPassword: z.string().nullable(),
});

export const ZUpdateClientBody = z.object(clientFields);
export type TUpdateClientBody = z.infer<typeof ZUpdateClientBody>;

export const ZClientIdParams = z.object({ id: ZIdParam });
export const ZClientIdOnlyParams = z.object({ clientId: ZIdParam });
