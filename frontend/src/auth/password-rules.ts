import { MIN_PASSWORD_LENGTH } from '@app/contracts/api/auth';

export type NewPasswordField = 'newPassword' | 'confirmation';

/**
 * The Create New Password checks of spec part 1, section 5, in their order, with the field each problem
 * is marked on; null when the pair is fine.
 */
export function newPasswordProblem(
  password: string,
  confirmation: string,
): { title: string; description: string; field: NewPasswordField } | null {
  if (!password || !confirmation)
    return {
      title: 'Missing Information',
      description: 'Please enter both new password and confirmation.',
      field: password ? 'confirmation' : 'newPassword',
    };
  if (password !== confirmation)
    return {
      title: 'Password Mismatch',
      description: 'New password and confirmation do not match.',
      field: 'confirmation',
    };
  if (password.length < MIN_PASSWORD_LENGTH)
    return {
      title: 'Password Too Short',
      description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
      field: 'newPassword',
    };
  return null;
}
