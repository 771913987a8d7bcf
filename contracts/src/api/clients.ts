import { z } from 'zod';
import { ZUser } from './users.ts';

/** A customer of the business; may be linked to a user account that signs in to the portal. */
export const ZClient = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
});
export type TClient = z.infer<typeof ZClient>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const clientFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
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

export const ZUpdateClientBody = z.object(clientFields);
export type TUpdateClientBody = z.infer<typeof ZUpdateClientBody>;

export const ZClientIdParams = z.object({ id: z.coerce.number().int().positive() });
export const ZClientIdOnlyParams = z.object({ clientId: z.coerce.number().int().positive() });
