import type { TClient } from '@app/contracts/api/clients';
import type { TProject } from '@app/contracts/api/projects';
import { describe, expect, it } from 'vitest';
import { matchesSearch, projectsOf, projectTypesByClient, visibleClients } from './client-list';

const client = (overrides: Partial<TClient> = {}): TClient => ({
  id: 1,
  userId: null,
  name: 'Kim Tanana',
  email: 'kim@example.com',
  phone: '(907) 555-0142',
  address: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  version: 1,
  ...overrides,
});

const project = (clientId: number, type: TProject['type']) => ({ clientId, type }) as TProject;

describe('matchesSearch', () => {
  it('finds a client by name, e-mail or phone, ignoring case and spaces around the query', () => {
    expect(matchesSearch(client(), [], '  TANANA ')).toBe(true);
    expect(matchesSearch(client(), [], 'kim@exa')).toBe(true);
    expect(matchesSearch(client(), [], '555-01')).toBe(true);
    expect(matchesSearch(client(), [], 'nome')).toBe(false);
  });

  it('compares a phone-like query digit by digit', () => {
    expect(matchesSearch(client(), [], '907555')).toBe(true);
    expect(matchesSearch(client(), [], '907 555 0142')).toBe(true);
    expect(matchesSearch(client({ phone: null }), [], '907555')).toBe(false);
  });

  it('does not match digits hidden in a word', () => {
    expect(matchesSearch(client(), [], 'x907')).toBe(false);
  });

  it("finds a client by their projects' type, by value or label", () => {
    expect(matchesSearch(client(), ['security_cameras'], 'security')).toBe(true);
    expect(matchesSearch(client(), ['website_development'], 'Website')).toBe(true);
    expect(matchesSearch(client(), ['starlink'], 'security cameras')).toBe(false);
  });

  it('lets everyone through an empty query', () => {
    expect(matchesSearch(client(), [], '   ')).toBe(true);
  });
});

describe('visibleClients', () => {
  const all = [
    client({ id: 1, name: 'bea Nome' }),
    client({ id: 2, name: 'Al Bethel' }),
    client({ id: 3, name: 'Cy Kenai' }),
  ];

  it('sorts by name A-Z or Z-A without regard to case', () => {
    expect(visibleClients(all, [], '', 'az').map((c) => c.id)).toEqual([2, 1, 3]);
    expect(visibleClients(all, [], '', 'za').map((c) => c.id)).toEqual([3, 1, 2]);
  });

  it('joins the projects to search by type', () => {
    const projects = [project(3, 'starlink'), project(1, 'maintenance')];
    expect(visibleClients(all, projects, 'starlink', 'az').map((c) => c.id)).toEqual([3]);
  });

  it('leaves the given list as it was', () => {
    visibleClients(all, [], '', 'za');
    expect(all.map((c) => c.id)).toEqual([1, 2, 3]);
  });
});

describe('projects of a client', () => {
  it('lists each type once per client', () => {
    const types = projectTypesByClient([
      project(1, 'starlink'),
      project(1, 'starlink'),
      project(2, 'invoice'),
    ]);
    expect(types.get(1)).toEqual(['starlink']);
    expect(types.get(2)).toEqual(['invoice']);
  });

  it("picks out one client's projects", () => {
    expect(projectsOf([project(1, 'starlink'), project(2, 'invoice')], 2)).toHaveLength(1);
  });
});
