import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { isNotFound, projectIdOf } from './project-query';

describe('projectIdOf', () => {
  it('reads a positive whole number', () => {
    expect(projectIdOf('42')).toBe(42);
  });

  it('answers null for anything else', () => {
    for (const param of ['0', '-1', '1.5', 'abc', '', '12abc', '9999999999999999']) {
      expect(projectIdOf(param)).toBeNull();
    }
  });
});

describe('isNotFound', () => {
  it('is true only for a 404 answer', () => {
    expect(isNotFound(new ApiError(404, '', 'Not Found'))).toBe(true);
    expect(isNotFound(new ApiError(500, '', 'Server Error'))).toBe(false);
    expect(isNotFound(new Error('offline'))).toBe(false);
  });
});
