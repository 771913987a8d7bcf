import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../../backend/test/app.ts';
import { screenshotDir, testRunId } from '../../backend/test/leftovers.ts';

/** Debian's chromium; never a downloaded browser. The flags keep it off the network it cannot reach. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const launchChromium = () =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

export type BrowserApp = {
  t: TestApp;
  baseUrl: string;
  browser: Browser;
  newPage: (viewport?: { width: number; height: number }) => Promise<Page>;
  signIn: (page: Page, email: string, password: string) => Promise<void>;
  signInAsAdmin: (page: Page) => Promise<void>;
  close: () => Promise<void>;
};

/** Where failed tests leave their screenshots: a folder per run, removed at its end when empty. */
const SHOTS = screenshotDir(testRunId());

/**
 * The real app (API, projections and, unless `workers: false`, workers) on a port of its own with its own
 * database, and a browser. `env` adds settings for this app only.
 */
export async function startBrowserApp(
  options: { workers?: boolean; env?: Record<string, string> } = {},
): Promise<BrowserApp> {
  const t = await startTestApp({
    workers: options.workers ?? true,
    env: { LOGIN_RATE_LIMIT: '1000', PUBLIC_FORM_RATE_LIMIT: '1000', ...options.env },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const browser = await launchChromium();

  const newPage = async (viewport = { width: 1280, height: 900 }) => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    screenshotIfTestFails(page);
    return page;
  };

  const signIn = async (page: Page, email: string, password: string) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };

  return {
    t,
    baseUrl,
    browser,
    newPage,
    signIn,
    signInAsAdmin: async (page) => {
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.waitForURL(`${baseUrl}/`);
    },
    async close() {
      await browser.close();
      await t.close();
    },
  };
}

/**
 * A page opened inside a test leaves a screenshot when that test fails, and its path is printed with the test.
 * Outside a test (beforeAll, the size script) vitest refuses the hook, and there is nothing to report to.
 */
function screenshotIfTestFails(page: Page) {
  try {
    onTestFailed(async ({ task }) => {
      if (page.isClosed()) return;
      mkdirSync(SHOTS, { recursive: true });
      const path = join(SHOTS, `${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${Date.now()}.png`);
      await page.screenshot({ path, fullPage: true, timeout: 5000 }).catch(() => undefined);
      console.error(`screenshot of ${page.url()} when "${task.name}" failed: ${path}`);
    });
  } catch {
    // not inside a test
  }
}

/**
 * Fails with a readable list when axe finds WCAG 2.1 A/AA problems on the page as it is now;
 * `include` limits the check to the parts matched by those CSS selectors.
 */
export async function expectAccessible(page: Page, options: { include?: string | string[] } = {}) {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of [options.include ?? []].flat()) axe.include(selector);
  // Colours are judged once transitions have ended: a button fading from disabled to enabled (150 ms) would
  // otherwise be measured half way. Endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await axe.analyze();
  const problems = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  if (problems.length > 0) {
    mkdirSync(SHOTS, { recursive: true });
    const shot = join(SHOTS, `a11y-${Date.now()}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    throw new Error(`Accessibility problems on ${page.url()} (screenshot ${shot}):\n${problems.join('\n')}`);
  }
}

/** The current toast's text (title and description). */
export const toastText = (page: Page) => page.getByTestId('toast').innerText();
