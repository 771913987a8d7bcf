import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../platform/config.ts';
import type { AppDeps } from '../platform/deps.ts';
import type { FileKind } from './store.ts';

/**
 * Protected files (project photos and their thumbnails; signed agreements and certificates to come) are
 * served only at signed, expiring addresses: `/api/files/<kind>/<name>?ref=<record>&exp=<unix s>&sig=<hmac>`.
 * The reads that check who may see a record hand them out (events and read models keep the plain stored
 * address); the file route checks the signature, the expiry, and that the record still holds the file, so
 * a removed photo or a deleted project's photos stop being served at once, whatever address was handed out.
 * The company logo stays public: the public site shows it.
 */
export const PUBLIC_KINDS: ReadonlySet<FileKind> = new Set(['logos']);

/** The record a protected file belongs to, named like its stream (`project-42`). */
export const FILE_REF = /^project-[1-9][0-9]{0,9}$/;

const STORED_ADDRESS = /^\/api\/files\/([a-z]+)\/([^/?#]+)$/;

/** The address as stored (without the signature a read added): what a PATCH's `photos` are compared with. */
export const storedFileAddress = (address: string) => address.split('?')[0] ?? address;

type KeyDb = AppDeps['rm'];
const keys = new WeakMap<object, Promise<Buffer>>();

/** The signing key of this database: made by the first process that needs it, then shared by all. */
function signingKey(db: KeyDb): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await sql`INSERT INTO public.file_url_keys (id, secret) VALUES (1, ${randomBytes(32)})
        ON CONFLICT (id) DO NOTHING`.execute(db);
      const { rows } = await sql<{
        secret: Buffer;
      }>`SELECT secret FROM public.file_url_keys WHERE id = 1`.execute(db);
      return rows[0]!.secret;
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const signature = (key: Buffer, kind: string, name: string, ref: string, exp: number) =>
  createHmac('sha256', key).update(`${kind}/${name}\n${ref}\n${exp}`).digest('base64url');

/** The TTL window signed addresses are made in: within one, a record's addresses read the same. */
export const signingWindow = (config: Pick<Config, 'FILE_URL_TTL_SECONDS'>, now = Date.now()) =>
  Math.floor(now / 1000 / config.FILE_URL_TTL_SECONDS);

/**
 * Signs stored addresses for a record. An address stays the same for a whole TTL window (valid for one to
 * two TTLs), so browsers keep a picture cached and lists do not change on every read.
 */
export async function fileSigner(
  deps: { rm: KeyDb; config: Pick<Config, 'FILE_URL_TTL_SECONDS'> },
  now = Date.now(),
) {
  const key = await signingKey(deps.rm);
  const ttl = deps.config.FILE_URL_TTL_SECONDS;
  const exp = (signingWindow(deps.config, now) + 2) * ttl;
  return (address: string, ref: string) => {
    const match = STORED_ADDRESS.exec(address);
    if (!match || PUBLIC_KINDS.has(match[1] as FileKind)) return address;
    const sig = signature(key, match[1]!, match[2]!, ref, exp);
    return `${address}?ref=${ref}&exp=${exp}&sig=${sig}`;
  };
}

export type FileSigner = Awaited<ReturnType<typeof fileSigner>>;

/** Seconds the signed address stays valid, or null when the signature is wrong or has expired. */
export async function verifiedFor(
  db: KeyDb,
  file: { kind: string; name: string },
  query: { ref: string; exp: number; sig: string },
  now = Date.now(),
): Promise<number | null> {
  const left = query.exp - Math.floor(now / 1000);
  if (left <= 0) return null;
  const expected = Buffer.from(signature(await signingKey(db), file.kind, file.name, query.ref, query.exp));
  const given = Buffer.from(query.sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? left : null;
}
