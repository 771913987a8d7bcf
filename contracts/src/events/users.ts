import { z } from 'zod';
import { ROLES } from '../api/users.ts';
import { defineEvent } from './define.ts';
import { eId, eText } from './values.ts';

/** User events. Never a password, hash or token in here: secrets live in mutable tables. */
const role = z.enum(ROLES);
const user = { userId: eId };

export const ZUserCreated = defineEvent(
  'UserCreated',
  z.object({
    ...user,
    email: eText,
    firstName: eText,
    lastName: eText,
    role,
    mustChangePassword: z.boolean(),
  }),
);
export const ZUserRoleChanged = defineEvent('UserRoleChanged', z.object({ ...user, from: role, to: role }));
/** The account's name changed (its client record was renamed); `previous` is for the audit trail. */
export const ZUserRenamed = defineEvent(
  'UserRenamed',
  z.object({
    ...user,
    firstName: eText,
    lastName: eText,
    previous: z.object({ firstName: eText, lastName: eText }),
  }),
);
export const ZUserPasswordChanged = defineEvent('UserPasswordChanged', z.object(user));
export const ZTemporaryPasswordIssued = defineEvent(
  'TemporaryPasswordIssued',
  z.object({ ...user, reason: z.enum(['account_created', 'reset']) }),
);
export const ZTemporaryPasswordMailed = defineEvent(
  'TemporaryPasswordMailed',
  z.object({ ...user, to: eText, messageId: eText }),
);
export const ZUserLoggedIn = defineEvent(
  'UserLoggedIn',
  z.object({ ...user, withTemporaryPassword: z.boolean() }),
);
export const ZUserLoggedOut = defineEvent('UserLoggedOut', z.object(user));
export const ZUserDeleted = defineEvent('UserDeleted', z.object({ ...user, email: eText }));

export const userEventSchemas = [
  ZUserCreated,
  ZUserRoleChanged,
  ZUserRenamed,
  ZUserPasswordChanged,
  ZTemporaryPasswordIssued,
  ZTemporaryPasswordMailed,
  ZUserLoggedIn,
  ZUserLoggedOut,
  ZUserDeleted,
] as const;

export type TUserEvent = z.infer<(typeof userEventSchemas)[number]>;
