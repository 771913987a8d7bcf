import type { TPublicSiteContent } from '@app/contracts/api/settings';
import { type QueryClient, queryOptions, useSuspenseQuery } from '@tanstack/react-query';

/** The saved site content every public page renders (GET /api/content is public). */
export const contentQuery = queryOptions<TPublicSiteContent>({ queryKey: ['/api/content'] });

export const useSiteContent = () => useSuspenseQuery(contentQuery).data;

/**
 * The content the server wrote into the page (backend/src/web/app-page.ts): the first screen renders without
 * asking for it. A page without it (the dev server's) asks GET /api/content as before.
 */
export function seedSiteContent(queryClient: QueryClient, block = document.getElementById('site-content')) {
  if (!block?.textContent) return;
  try {
    queryClient.setQueryData(contentQuery.queryKey, JSON.parse(block.textContent) as TPublicSiteContent);
  } catch {
    // Unreadable: the pages ask for it instead.
  }
}
