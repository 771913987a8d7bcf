import { readFileSync } from 'node:fs';
import { isWebRoute, WEB_ROUTES } from '@app/contracts/web-routes';
import { describe, expect, it } from 'vitest';

describe('the web app routes the server knows', () => {
  it('are exactly the router’s pages (the generated route tree)', () => {
    const tree = readFileSync(new URL('./routeTree.gen.ts', import.meta.url), 'utf8');
    const fullPaths = new Set(
      [...tree.matchAll(/fullPath: '([^']+)'/g)].map((match) => match[1]!.replace(/(.)\/$/, '$1')),
    );
    expect([...fullPaths].sort()).toEqual([...WEB_ROUTES].sort());
  });

  it('match a page address with any value in a $param segment, and nothing else', () => {
    for (const path of ['/', '/admin', '/admin/', '/admin/job/42', '/client/job/abc', '/invoice/7', '/login'])
      expect(isWebRoute(path), path).toBe(true);
    for (const path of ['/nope', '/admin/job', '/admin/job/1/2', '/client/x', '/adminx', '/about/us'])
      expect(isWebRoute(path), path).toBe(false);
  });
});
