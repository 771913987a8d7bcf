import { z } from 'zod';
import { ZIdParam } from './primitives.ts';

/** 'admin' is distinguished; every other signed-in user is treated as a client (spec part 1, section 3). */
export const ROLES = ['admin', 'user', 'client'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const ZUser = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: ZRole,
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

const email = z.email({ error: 'Invalid email' }).trim().toLowerCase();
const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100);

export const ZCreateUserBody = z.object({
  email,
  firstName: name('First name'),
  lastName: z.string().trim().max(100).default(''),
  role: ZRole.default('user'),
});
export const ZCreateUserResponse = z.object({ user: ZUser, temporaryPassword: z.string() });

export const ZCreateAdminBody = z.object({
  email,
  firstName: name('First name'),
  lastName: z.string().trim().max(100).default(''),
});

export const ZRoleBody = z.object({ role: ZRole });
export const ZUserIdParams = z.object({ id: ZIdParam });
export const ZUserEmailParams = z.object({ email });
export const ZDeleteUserResponse = z.object({ success: z.literal(true) });
