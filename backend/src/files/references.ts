import type { AppDeps } from '../platform/deps.ts';
import { type FileKind, fileUrl } from './store.ts';

/**
 * Whether the record a signed address names still holds the file: a photo removed from its project, or a
 * project deleted, stops being served although its address was handed out before (the signature alone would
 * keep it readable until it expires). One primary-key read of the view that the project reads use.
 */
export async function recordHolds(
  deps: Pick<AppDeps, 'rm'>,
  ref: string,
  file: { kind: FileKind; name: string },
): Promise<boolean> {
  const [type, id] = ref.split('-');
  const address = fileUrl(file.kind, file.name);
  switch (type) {
    case 'project': {
      const row = await deps.rm
        .selectFrom('projects')
        .select('photos')
        .where('id', '=', Number(id))
        .executeTakeFirst();
      return !!row?.photos.some((p) => p.url === address || p.thumbnailUrl === address);
    }
    default:
      return false;
  }
}
