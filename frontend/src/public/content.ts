import type { TPublicSiteContent } from '@app/contracts/api/settings';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

/** The saved site content every public page renders (GET /api/content is public). */
export const contentQuery = queryOptions<TPublicSiteContent>({ queryKey: ['/api/content'] });

export const useSiteContent = () => useSuspenseQuery(contentQuery).data;
