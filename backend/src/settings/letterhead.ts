import { readFile } from 'node:fs/promises';
import { fileAddress } from '@app/contracts/api/files';
import { DEFAULT_SETTINGS, type TSettings } from '@app/contracts/api/settings';
import { fileStore } from '../files/store.ts';
import type { AppDeps } from '../platform/deps.ts';

const LOGO_ADDRESS = fileAddress('logos', '');

export type Company = Omit<TSettings['company'], 'logo'>;

/**
 * The company as the settings hold it now and its logo's bytes (when one was uploaded and is still stored):
 * the letterhead of the quotes and invoices the server prints.
 */
export async function companyLetterhead(
  deps: Pick<AppDeps, 'rm' | 'config'>,
): Promise<{ company: Company; logo: Uint8Array | null }> {
  const row = await deps.rm
    .selectFrom('site_settings')
    .select('company')
    .where('id', '=', 1)
    .executeTakeFirst();
  const { logo: address, ...company } = row?.company ?? DEFAULT_SETTINGS.company;
  const stored =
    address?.startsWith(LOGO_ADDRESS) &&
    (await fileStore(deps.config.FILES_DIR).find('logos', address.slice(LOGO_ADDRESS.length)));
  return { company, logo: stored ? await readFile(stored.path) : null };
}
