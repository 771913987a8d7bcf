import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testRunId } from '../../test/leftovers.ts';
import { ensureDatabase } from './db.ts';

describe('the database on first start', () => {
  it('is created once when several processes start at the same moment', async () => {
    // Named like the suite's own test databases, so a failed run's teardown removes it too.
    const name = `ngtest_${Date.now()}_${randomBytes(3).toString('hex')}_${testRunId()}`;
    const url = `postgres://postgres@127.0.0.1:5432/${name}`;
    try {
      const starts = await Promise.allSettled(Array.from({ length: 6 }, () => ensureDatabase(url)));
      expect(starts.filter((s) => s.status === 'rejected')).toEqual([]);
    } finally {
      const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
