import { TOTAL_COUNTED_MAX } from '@app/contracts/api/paging';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.ts';
import { createKysely } from './db.ts';
import { countUpTo, pageOf } from './paging.ts';

describe('countUpTo', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  // biome-ignore lint/suspicious/noExplicitAny: a table the test makes
  let db: Kysely<any>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createKysely(database.pool) as never;
    await sql`CREATE TABLE words AS SELECT n, CASE WHEN n % 3 = 0 THEN 'camera' ELSE 'dish' END AS word
      FROM generate_series(1, 4000) AS n`.execute(db);
  });
  afterAll(async () => database?.drop());

  const matching = (word: string) => db.selectFrom('words').where('word', '=', word);

  it('counts exactly up to the most it counts, and beyond says the total is a lower bound', async () => {
    expect(await countUpTo(db, matching('nothing'))).toEqual({ total: 0 });
    expect(await countUpTo(db, matching('camera').where('n', '<=', 3000))).toEqual({
      total: TOTAL_COUNTED_MAX,
    });
    expect(await countUpTo(db, matching('camera'))).toEqual({ total: TOTAL_COUNTED_MAX, totalAtLeast: true });
  });

  it('puts the lower bound in the page', () => {
    const page = pageOf([{ n: 1 }], {
      limit: 50,
      total: { total: TOTAL_COUNTED_MAX, totalAtLeast: true },
      list: 'words',
      keyOf: (r) => [r.n],
      toItem: (r) => r.n,
    });
    expect(page).toEqual({ items: [1], nextCursor: null, total: TOTAL_COUNTED_MAX, totalAtLeast: true });
    expect(pageOf([], { limit: 50, total: 0, list: 'words', keyOf: () => [], toItem: () => 0 })).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
  });
});
