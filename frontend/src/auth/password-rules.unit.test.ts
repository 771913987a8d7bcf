import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from './password-rules';

describe('newPasswordProblem', () => {
  it('names the field each problem belongs to, in the spec order', () => {
    expect(newPasswordProblem('', '')).toMatchObject({ title: 'Missing Information', field: 'newPassword' });
    expect(newPasswordProblem('north-1', '')).toMatchObject({
      title: 'Missing Information',
      field: 'confirmation',
    });
    expect(newPasswordProblem('abc', 'abd')).toMatchObject({
      title: 'Password Mismatch',
      field: 'confirmation',
    });
    expect(newPasswordProblem('abc', 'abc')).toMatchObject({
      title: 'Password Too Short',
      field: 'newPassword',
    });
    expect(newPasswordProblem('north-1', 'north-1')).toBeNull();
  });
});
