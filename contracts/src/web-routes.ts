/**
 * The web app's page addresses (the spec's route table), in the router's `$param` notation. The server
 * answers these with the app and status 200; any other page address gets the app's 404 page with status
 * 404. A front-end unit test keeps this list equal to the router's generated route tree.
 */
export const WEB_ROUTES = [
  '/',
  '/about',
  '/products',
  '/schedule',
  '/thank-you',
  '/login',
  '/dashboard',
  '/home',
  '/payment-success',
  '/client',
  '/client/job/$id',
  '/admin',
  '/admin/client-portal',
  '/admin/pricing',
  '/admin/job/$id',
  '/admin/estimate/$id',
  '/job/$id',
  '/invoice/$invoiceId',
] as const;

const segments = (path: string) => path.split('/').filter((segment) => segment !== '');

/** Whether a request path (no query string) is one of the app's pages; a `$param` matches one segment. */
export function isWebRoute(path: string): boolean {
  const wanted = segments(path);
  return WEB_ROUTES.some((route) => {
    const pattern = segments(route);
    return (
      pattern.length === wanted.length &&
      pattern.every((part, index) => part.startsWith('$') || part === wanted[index])
    );
  });
}
