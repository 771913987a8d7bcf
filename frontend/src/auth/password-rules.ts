import { MIN_PASSWORD_LENGTH } from '@app/contracts/api/auth';

/** The Create New Password checks of spec part 1, section 5, in their order; null when the pair is fine. */
export function newPasswordProblem(password: string, confirmation: string) {
  if (!password || !confirmation)
    return { title: 'Missing Information', description: 'Please enter both new password and confirmation.' };
  if (password !== confirmation)
    return { title: 'Password Mismatch', description: 'New password and confirmation do not match.' };
  if (password.length < MIN_PASSWORD_LENGTH)
    return {
      title: 'Password Too Short',
      description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
    };
  return null;
}
