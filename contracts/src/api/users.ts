import { z } from 'zod';
import { ZListQuery, ZPage } from './paging.ts';
import { ZIdParam } from './primitives.ts';

/** 'admin' is distinguished; every other signed-in user is treated as a client (spec part 1, section 3). */
export const ROLES = ['admin', 'user', 'client'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;
/** The business's own people: every role but 'client' (the Users view lists them apart from clients). */
export const STAFF_ROLES = ROLES.filter((r): r is Exclude<TRole, 'client'> => r !== 'client');
export const USER_KINDS = ['staff', 'client'] as const;
export type TUserKind = (typeof USER_KINDS)[number];

export const ZUser = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: ZRole,
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

/**
 * `GET /api/users` paged (issue 23, contracts/api/paging.ts): `q` searches every word in the name and e-mail,
 * `kind` keeps staff (every role but client) or clients, `role` one role; sorted by last then first name.
 */
export const ZUsersQuery = ZListQuery({
  kind: z.enum(USER_KINDS, { error: `kind must be one of ${USER_KINDS.join(', ')}` }).optional(),
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }).optional(),
});
export type TUsersQuery = z.infer<typeof ZUsersQuery>;
export const ZUsersPage = ZPage(ZUser);
export type TUsersPage = z.infer<typeof ZUsersPage>;

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
