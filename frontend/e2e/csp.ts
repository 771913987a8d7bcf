/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/**
 * Watches a page for Content-Security-Policy trouble across its navigations: every `securitypolicyviolation`
 * event, every console report of a refused resource, and every HTML document served without the header.
 * `violations()` lists them; a page that runs cleanly under the policy answers [].
 */
export async function watchCsp(page: Page) {
  const found: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => {
    found.push(`violation: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      found.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'document') return;
    if (!response.headers()['content-security-policy']) found.push(`no CSP header on ${response.url()}`);
  });
  return { violations: () => [...found] };
}
