import { describe, expect, it } from 'vitest';
import { checkClient, checkEntry, EMPTY_ENTRY } from './entry-form';

describe('checkEntry (Add New Entry)', () => {
  it('answers with the spec messages for a blank name, a bad e-mail and no type', () => {
    expect(checkEntry({ ...EMPTY_ENTRY, email: 'nope', userType: '' })).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        email: 'Invalid email',
        userType: 'Please select whether this is a client or user',
      },
    });
  });

  it('trims before checking and leaves out blank phone and address', () => {
    const checked = checkEntry({ ...EMPTY_ENTRY, name: ' Kim ', email: ' Kim@Example.com ', phone: '  ' });
    expect(checked).toEqual({
      ok: true,
      body: {
        name: 'Kim',
        email: 'kim@example.com',
        phone: null,
        address: null,
        userType: 'client',
        portalAccess: true,
      },
    });
  });

  it('asks for portal access only for a client', () => {
    const user = checkEntry({ ...EMPTY_ENTRY, name: 'Uma', email: 'uma@example.com', userType: 'user' });
    expect(user.ok && user.body.portalAccess).toBe(false);
    const noPortal = checkEntry({ ...EMPTY_ENTRY, name: 'Kim', email: 'k@example.com', portalAccess: false });
    expect(noPortal.ok && noPortal.body).toMatchObject({ userType: 'client', portalAccess: false });
  });
});

describe('checkClient (Edit Client)', () => {
  it('keeps phone and address as typed, trimmed', () => {
    expect(
      checkClient({ name: 'Kim', email: 'kim@example.com', phone: ' 907-555-0100 ', address: '1 Main St' }),
    ).toEqual({
      ok: true,
      body: { name: 'Kim', email: 'kim@example.com', phone: '907-555-0100', address: '1 Main St' },
    });
  });

  it('refuses a blank name', () => {
    expect(checkClient({ name: ' ', email: 'kim@example.com', phone: '', address: '' })).toEqual({
      ok: false,
      errors: { name: 'Name is required' },
    });
  });
});
