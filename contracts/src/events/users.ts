import { z } from 'zod';
import { ZRole } from '../api/users.ts';

/** User events. Never a password, hash or token in here: secrets live in mutable tables. */
export const ZUserCreated = z.object({
  type: z.literal('UserCreated'),
  data: z.object({
    userId: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: ZRole,
    mustChangePassword: z.boolean(),
  }),
});
export const ZUserRoleChanged = z.object({
  type: z.literal('UserRoleChanged'),
  data: z.object({ userId: z.number().int(), from: ZRole, to: ZRole }),
});
export const ZUserPasswordChanged = z.object({
  type: z.literal('UserPasswordChanged'),
  data: z.object({ userId: z.number().int() }),
});
export const ZTemporaryPasswordIssued = z.object({
  type: z.literal('TemporaryPasswordIssued'),
  data: z.object({ userId: z.number().int(), reason: z.enum(['account_created', 'reset']) }),
});
export const ZTemporaryPasswordMailed = z.object({
  type: z.literal('TemporaryPasswordMailed'),
  data: z.object({ userId: z.number().int(), to: z.string(), messageId: z.string() }),
});
export const ZUserLoggedIn = z.object({
  type: z.literal('UserLoggedIn'),
  data: z.object({ userId: z.number().int(), withTemporaryPassword: z.boolean() }),
});
export const ZUserLoggedOut = z.object({
  type: z.literal('UserLoggedOut'),
  data: z.object({ userId: z.number().int() }),
});
export const ZUserDeleted = z.object({
  type: z.literal('UserDeleted'),
  data: z.object({ userId: z.number().int(), email: z.string() }),
});

export const userEventSchemas = [
  ZUserCreated,
  ZUserRoleChanged,
  ZUserPasswordChanged,
  ZTemporaryPasswordIssued,
  ZTemporaryPasswordMailed,
  ZUserLoggedIn,
  ZUserLoggedOut,
  ZUserDeleted,
] as const;

export type TUserEvent = z.infer<(typeof userEventSchemas)[number]>;
