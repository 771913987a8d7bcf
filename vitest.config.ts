import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{contracts,backend,projections,workers,frontend}/{src,test,e2e,faults,seed}/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['backend/test/global-setup.ts', 'frontend/e2e/build-web.ts'],
  },
});
