import { describe, expect, it } from 'vitest';
import { chooseView, LANDED_VIEWS, parseAdminSearch } from './views';

describe('the admin view in the address', () => {
  it('keeps a view that exists', () => {
    expect(parseAdminSearch({ view: 'clients' })).toEqual({ view: 'clients', clientId: undefined });
    expect(parseAdminSearch({ view: 'schedule' })).toEqual({ view: 'schedule', clientId: undefined });
  });

  it('lists the Schedule between Chat and Project Tracking, as the sidebar order says', () => {
    const ids = LANDED_VIEWS.map((view) => view.id);
    expect(ids.indexOf('schedule')).toBe(ids.indexOf('chat') + 1);
    expect(ids.indexOf('tracking')).toBe(ids.indexOf('schedule') + 1);
  });

  it('lists All Estimates after Project Tracking', () => {
    const ids = LANDED_VIEWS.map((view) => view.id);
    expect(ids.indexOf('all-estimates')).toBe(ids.indexOf('tracking') + 1);
    expect(parseAdminSearch({ view: 'all-estimates' }).view).toBe('all-estimates');
  });

  it('falls back to the Dashboard for an unknown view or one not built yet', () => {
    for (const view of ['invoices', 'anything', 7, ''])
      expect(parseAdminSearch({ view })).toEqual({ view: 'dashboard', clientId: undefined });
  });

  it('answers the key even without a view (the router would keep a raw value otherwise)', () => {
    expect(Object.keys(parseAdminSearch({}))).toEqual(['view', 'clientId']);
  });

  it('keeps a client id to open the view with, and drops anything else', () => {
    expect(parseAdminSearch({ view: 'chat', clientId: '7' })).toEqual({ view: 'chat', clientId: 7 });
    for (const clientId of ['x', '0', '-3', '1.5', '99999999999', ''])
      expect(parseAdminSearch({ view: 'chat', clientId }).clientId).toBeUndefined();
  });

  it('chooses the address, then the remembered view, then the first in the sidebar; never one not built', () => {
    expect(chooseView('users', 'clients')).toBe('users');
    expect(chooseView(undefined, 'clients')).toBe('clients');
    expect(chooseView('invoices', 'documents')).toBe('documents');
    expect(chooseView('invoices', 'schedule')).toBe('schedule');
    expect(chooseView('invoices', 'all-estimates')).toBe('all-estimates');
    expect(chooseView('invoices', 'nothing')).toBe(LANDED_VIEWS[0]!.id);
    expect(LANDED_VIEWS.map((view) => view.id)).toContain('payments');
  });
});
