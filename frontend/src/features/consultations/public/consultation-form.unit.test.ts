import { DATE_IN_PAST } from '@app/contracts/api/consultations';
import { describe, expect, it } from 'vitest';
import { EMPTY_REQUEST, fieldProblems, REQUIRED } from './consultation-form';

const NOW = new Date('2030-06-01T20:00:00Z');
const filled = {
  ...EMPTY_REQUEST,
  name: 'Walt Kodiak',
  email: 'walt@example.com',
  preferredDate: '2030-06-03',
  serviceType: 'starlink',
};

describe('fieldProblems', () => {
  it('marks each missing required field, and no optional one', () => {
    const errors = fieldProblems(EMPTY_REQUEST, NOW);
    expect(errors).toMatchObject({ name: REQUIRED, email: expect.any(String), preferredDate: REQUIRED });
    expect(errors.serviceType).toBeDefined();
    expect(errors.phone).toBeUndefined();
    expect(errors.description).toBeUndefined();
  });

  it('marks a date in the past on the date field; a complete request has no problem', () => {
    expect(fieldProblems({ ...filled, preferredDate: '2030-05-01' }, NOW)).toEqual({
      preferredDate: DATE_IN_PAST,
    });
    expect(fieldProblems(filled, NOW)).toEqual({});
  });
});
