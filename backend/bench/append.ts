import { testEvent } from '../src/eventstore/contract.ts';
import { PostgresEventStore } from '../src/eventstore/postgres.ts';
import { createTestDatabase } from '../test/db.ts';

/** 16 writers each append single events to their own stream with expected revisions. */
export async function appendThroughput(writers = 16, perWriter = 600) {
  const db = await createTestDatabase();
  try {
    await PostgresEventStore.migrate(db.pool);
    const store = new PostgresEventStore(db.pool);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        let expected: 'no_stream' | bigint = 'no_stream';
        for (let i = 0; i < perWriter; i++) {
          expected = (await store.append(`writer-${w}`, [testEvent('BenchAppended', { w, i })], expected))
            .nextExpectedRevision;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await store.close();
    return { events: writers * perWriter, eventsPerSecond: (writers * perWriter) / seconds };
  } finally {
    await db.drop();
  }
}
