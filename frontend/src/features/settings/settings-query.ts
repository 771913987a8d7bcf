import type { TSettings } from '@app/contracts/api/settings';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/settings; the admin shell reads the company name from it too. */
export const settingsQuery = queryOptions<TSettings>({ queryKey: ['/api/settings'] });
