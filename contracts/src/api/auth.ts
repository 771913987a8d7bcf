import { z } from 'zod';
import { ZUser } from './users.ts';

/** Minimum new password length (spec part 1, section 9). */
export const MIN_PASSWORD_LENGTH = 6;

export const ZLoginBody = z.object({
  email: z
    .string({ error: 'Please enter both email and password.' })
    .trim()
    .toLowerCase()
    .min(1, 'Please enter both email and password.'),
  password: z
    .string({ error: 'Please enter both email and password.' })
    .min(1, 'Please enter both email and password.'),
});
export const ZLoginResponse = z.object({ token: z.string(), user: ZUser, needsPasswordChange: z.boolean() });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZChangePasswordBody = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters long.')
    .max(200, 'Password must be at most 200 characters long.'),
});

export const ZGenerateTempPasswordBody = z.object({
  userEmail: z.email({ error: 'Please enter a user email address' }).trim().toLowerCase(),
});
export const ZGenerateTempPasswordResponse = z.object({ temporaryPassword: z.string() });

export const ZSuccess = z.object({ success: z.literal(true), message: z.string().optional() });

/** POST /api/auth/ws-ticket: a one-time ticket for `/ws?ticket=` (the session token never goes in an address). */
export const ZWsTicketResponse = z.object({ ticket: z.string(), expiresInSeconds: z.number().int() });
export type TWsTicketResponse = z.infer<typeof ZWsTicketResponse>;
