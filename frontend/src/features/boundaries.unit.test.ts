import { describe, expect, it } from 'vitest';
import { boundaryViolations, importsOf, violation } from './boundaries';

describe('feature boundaries (features/README.md)', () => {
  it('no feature reaches into another feature’s sub-folders, and shared code imports no feature', async () => {
    expect(await boundaryViolations()).toEqual([]);
  });

  it('the rule itself: another feature’s top-level files are public, its sub-folders are not', () => {
    const file = 'features/clients/admin/ClientsView.tsx';
    expect(
      importsOf(file, "import { a } from '../../projects/labels';\nimport b from './ClientCard';"),
    ).toEqual(['features/projects/labels', 'features/clients/admin/ClientCard']);
    expect(violation(file, 'features/projects/labels')).toBeNull();
    expect(violation(file, 'features/clients/admin/ClientCard')).toBeNull();
    expect(violation(file, 'features/projects/admin/JobCard')).toMatch(/insides/);
    expect(violation('ui/Button.tsx', 'features/projects/labels')).toMatch(/shared code/);
    expect(violation(file, 'routes/admin/index')).toMatch(/imports a route/);
    expect(violation('routes/admin/index.tsx', 'features/projects/admin/JobCard')).toBeNull();
  });
});
