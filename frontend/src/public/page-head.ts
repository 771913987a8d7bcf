/** The company name every page title ends with. */
export const SITE_NAME = 'Northern Guard Security & Satellite';

/**
 * A route's `head`: its title and the description search engines and link previews show (each public page its
 * own, so no two look alike in results).
 */
export const pageHead = (title: string | null, description: string) => () => ({
  meta: [
    { title: title ? `${title} | ${SITE_NAME}` : SITE_NAME },
    { name: 'description', content: description },
  ],
});
