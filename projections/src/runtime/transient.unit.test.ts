import { describe, expect, it } from 'vitest';
import { rebuildsNeeded } from './daemon.ts';
import { backoffMs, isTransientError } from './transient.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isTransientError', () => {
  it.each([
    '40001',
    '40P01',
    '57014',
    '55P03',
    '25P03',
    '57P01',
    '57P02',
    '57P03',
    '08006',
    '08001',
    '53300',
    '53100',
  ])('retries SQLSTATE %s', (code) => {
    expect(isTransientError(pgError(code))).toBe(true);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'])('retries node error %s', (code) => {
    expect(isTransientError(pgError(code))).toBe(true);
  });

  it('retries a dropped node-postgres connection, also when wrapped', () => {
    expect(isTransientError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientError(new Error('wrapped', { cause: pgError('57P01') }))).toBe(true);
    expect(isTransientError(new AggregateError([pgError('ECONNREFUSED')], 'all refused'))).toBe(true);
  });

  it.each([
    ['23505', 'duplicate key value violates unique constraint'],
    ['23502', 'null value in column "first_name"'],
    ['22007', 'invalid input syntax for type date'],
    ['42P01', 'relation does not exist'],
  ])('parks SQLSTATE %s: it fails the same way again', (code, message) => {
    expect(isTransientError(pgError(code, message))).toBe(false);
  });

  it('parks a projector bug and anything that is not an error object', () => {
    expect(isTransientError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isTransientError('boom')).toBe(false);
    expect(isTransientError(null)).toBe(false);
  });
});

describe('backoffMs', () => {
  it('doubles from the first pause and stops growing at the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((a) => backoffMs(a, 250, 5000))).toEqual([
      250, 500, 1000, 2000, 4000, 5000, 5000, 5000,
    ]);
  });
});

describe('rebuildsNeeded', () => {
  const p = (name: string, version = 1) => ({
    name,
    version,
    syncType: null,
    tables: [],
    ddl: () => '',
    apply: async () => 0,
  });
  it('requires views without tables or with another version; resumes interrupted builds of the others', () => {
    const cps = [
      { name: 'current', target: 'live', version: 1 },
      { name: 'old', target: 'live', version: 1 },
      { name: 'half', target: 'live', version: 1 },
      { name: 'half', target: 'build', version: 1 },
    ];
    const { required, interrupted } = rebuildsNeeded([p('current'), p('old', 2), p('new'), p('half')], cps);
    expect(required.map((x) => x.name)).toEqual(['old', 'new']);
    expect(interrupted.map((x) => x.name)).toEqual(['half']);
  });
});
