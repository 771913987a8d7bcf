import { removeLeftovers, removeStaleLeftovers, testRunId } from './leftovers.ts';

/**
 * vitest global setup: names this run (test databases, queue keys and temporary folders carry its id) and
 * removes what interrupted earlier runs left, once it is 6 hours old. Its teardown removes whatever this run
 * left behind and lists it: each test file cleans up after itself, so a listed leftover points at a file
 * that did not (or failed before it could).
 */
export default async function setup() {
  const run = testRunId();
  await removeStaleLeftovers(Date.now() - 6 * 3600_000);

  return async () => {
    const left = await removeLeftovers(run);
    if (left.length > 0) console.warn(`Test run ${run} left behind, now removed: ${left.join('; ')}`);
  };
}
