import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ENTRIES = ['api', 'projections', 'workers'] as const;

/**
 * The compiled server (scripts/build-server.mjs, what `npm start` runs), built now from the current sources
 * and copied to a folder of this run's own: other engineers rebuilding backend/dist/server while the run
 * goes on cannot change what a restarted process loads. The copy sits at the same depth as
 * backend/dist/server, so the addresses the code builds from import.meta.url still resolve.
 */
export async function buildServerSnapshot() {
  const { buildServer, outdir } = (await import(join(root, 'scripts/build-server.mjs'))) as {
    buildServer(): Promise<void>;
    outdir: string;
  };
  const snapshot = join(root, 'backend/dist', `faults-${process.pid}`);
  for (let attempt = 1; ; attempt++) {
    await buildServer();
    rmSync(snapshot, { recursive: true, force: true });
    cpSync(outdir, snapshot, { recursive: true });
    // Someone else's build may have emptied the folder while it was copied: build again then.
    if (ENTRIES.every((e) => existsSync(join(snapshot, `${e}.js`)))) break;
    if (attempt === 3) throw new Error(`the server build in ${outdir} kept changing under the copy`);
  }
  return {
    dir: snapshot,
    entry: (name: (typeof ENTRIES)[number]) => join(snapshot, `${name}.js`),
    remove: () => rmSync(snapshot, { recursive: true, force: true }),
  };
}
export type ServerBuild = Awaited<ReturnType<typeof buildServerSnapshot>>;
