import type { HttpClient } from './http-client.ts';
import { answerName } from './ledger.ts';
import { sleep } from './shell.ts';

export interface ReadyzSample {
  at: number;
  ms: number;
  /** 200, 503, or the connection error (ECONNREFUSED while the api process is down). */
  answer: string;
}

/**
 * Asks `/readyz` twice a second for the whole run, so how it answers while something is down (in time, and
 * saying not ready) can be read afterwards.
 */
export function readyzMonitor(http: HttpClient) {
  const samples: ReadyzSample[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      const at = Date.now();
      const answer = await http.call('GET', '/readyz', undefined, 3_000).catch((err: Error) => err);
      // A status code as it is (Retry-After is for commands), or the connection error.
      const name = answer instanceof Error ? answerName(answer) : String(answer.status);
      samples.push({ at, ms: Date.now() - at, answer: name });
      await sleep(500);
    }
  })();
  return {
    samples,
    async stop() {
      on = false;
      await loop;
    },
  };
}
