import type { TSettingsRead } from '@app/contracts/api/settings';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/settings (with their version); the admin shell reads the company name from it too. */
export const settingsQuery = queryOptions<TSettingsRead>({ queryKey: ['/api/settings'] });
