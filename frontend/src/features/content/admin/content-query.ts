import type { TPublicSiteContent } from '@app/contracts/api/settings';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/content (public): the same cache entry the public pages read, so a save shows there too. */
export const siteContentQuery = queryOptions<TPublicSiteContent>({ queryKey: ['/api/content'] });
