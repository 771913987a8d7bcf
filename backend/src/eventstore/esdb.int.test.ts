import { describe } from 'vitest';
import { eventStoreContract } from './contract.ts';
import { EventStoreDbEventStore } from './esdb.ts';

const url = process.env.EVENTSTORE_URL;

// Needs a running EventStoreDB (docker-compose up eventstore; EVENTSTORE_URL=esdb://localhost:2113?tls=false).
// Without one the suite is reported as skipped.
describe.skipIf(!url)('eventstoredb adapter', () => {
  eventStoreContract('eventstoredb', async () => {
    const store = new EventStoreDbEventStore(url!);
    return { store, close: () => store.close() };
  });
});
