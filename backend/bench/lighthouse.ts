/**
 * `npm run lighthouse`: Lighthouse (from npm) against Debian's Chromium, headless, on the production build
 * served by the real server on a fresh database (issue 23, part 5). Prints performance, accessibility, best
 * practices and SEO, the largest contentful paint and the cumulative layout shift of `/`, `/schedule`,
 * `/login` and the signed-in `/client`, mobile and desktop, one line each.
 *
 *   npm run lighthouse                 builds the web app, then audits
 *   npm run lighthouse -- --no-build   audits the build already in frontend/dist
 *   npm run lighthouse -- --why        also lists each page's audits that lost points
 *   npm run lighthouse -- --only=mobile|desktop --pages=/,/client
 *   npm run lighthouse -- --save=DIR     also writes each full report there (JSON, for the Lighthouse viewer)
 *
 * Not part of `npm test`: scores move with the machine's load. The signed-in page gets the session token in
 * localStorage (`auth_token`, as the app keeps it) before it is audited; Lighthouse clears caches and
 * service workers between runs but leaves localStorage.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import buildWeb from '../../frontend/e2e/build-web.ts';
import { BENCH_ADMIN, caller, startServer } from './server.ts';

const PUBLIC_PAGES = ['/', '/schedule', '/login'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const SHORT: Record<(typeof CATEGORIES)[number], string> = {
  performance: 'perf',
  accessibility: 'a11y',
  'best-practices': 'bp',
  seo: 'seo',
};

const args = process.argv.slice(2);
const why = args.includes('--why');
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const formFactors = (['mobile', 'desktop'] as const).filter((form) => !only || form === only);
const saveTo = args.find((arg) => arg.startsWith('--save='))?.slice('--save='.length);
const pagesArg = args.find((arg) => arg.startsWith('--pages='))?.slice('--pages='.length);
const pages = pagesArg ? pagesArg.split(',') : [...PUBLIC_PAGES, '/client'];

/** A port nobody listens on now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** A client who can sign in to the portal, with projects to show; answers their session token. */
async function portalClient(base: string) {
  const { json } = caller(base);
  const { token: admin } = await json('POST', '/api/auth/login', null, BENCH_ADMIN);
  const made = await json('POST', '/api/clients', admin, {
    name: 'Tanana Lodge',
    email: 'lighthouse-client@example.com',
    userType: 'client',
    portalAccess: true,
  });
  const clientId = (made.client?.id ?? made.id) as number;
  for (const [title, type] of [
    ['Lodge security cameras', 'security_cameras'],
    ['Starlink for the cabins', 'starlink'],
    ['Booking website', 'website'],
  ] as const)
    await json('POST', '/api/projects', admin, { clientId, title, type });
  const { token } = await json('POST', '/api/auth/login', null, {
    email: made.user.email,
    password: made.temporaryPassword,
  });
  await json('POST', '/api/auth/change-password', token, {
    currentPassword: made.temporaryPassword,
    newPassword: 'lighthouse-password-1',
  });
  return token as string;
}

const score = (result: Result, category: (typeof CATEGORIES)[number]) => {
  const value = result.categories[category]?.score;
  return value === null || value === undefined ? '  -' : String(Math.round(value * 100)).padStart(3);
};

function line(form: string, path: string, result: Result) {
  const lcp = result.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
  const cls = result.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
  const scores = CATEGORIES.map((category) => `${SHORT[category]} ${score(result, category)}`).join('  ');
  return `${form.padEnd(8)} ${path.padEnd(10)} ${scores}  LCP ${(lcp / 1000).toFixed(1)} s  CLS ${cls.toFixed(3)}`;
}

/** The audits that cost points in each category, with what Lighthouse measured. */
function losses(result: Result) {
  const out: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      out.push(
        `    ${SHORT[category].padEnd(4)} ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
      );
    }
  }
  return out;
}

/** Debian's Chromium, headless; a fresh one for each audit (a reused one paints nothing in later tabs). */
const launch = () =>
  chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/** Puts the session token in the app's localStorage of that browser, as signing in does. */
async function signIn(port: number, base: string, token: string) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/favicon.svg`);
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.close();
  await browser.disconnect();
}

if (!args.includes('--no-build')) await buildWeb();
const server = await startServer(await freePort(), ['all']);
try {
  const token = await portalClient(server.base);
  const { version } = (await import('lighthouse/package.json', { with: { type: 'json' } })).default;
  console.log(`Lighthouse ${version}; scores out of 100, LCP and CLS as Lighthouse measured them`);
  for (const form of formFactors) {
    const config = form === 'desktop' ? desktopConfig : undefined;
    for (const path of pages) {
      const chrome = await launch();
      try {
        if (path === '/client') await signIn(chrome.port, server.base, token);
        const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error' };
        const run = await lighthouse(`${server.base}${path}`, flags, config);
        if (!run) throw new Error(`Lighthouse gave no result for ${path}`);
        console.log(line(form, path, run.lhr));
        const landed = new URL(run.lhr.finalDisplayedUrl).pathname;
        if (landed !== path) console.log(`    (ended on ${landed})`);
        if (run.lhr.runtimeError) console.log(`    runtime error: ${run.lhr.runtimeError.message}`);
        if (saveTo) {
          await mkdir(saveTo, { recursive: true });
          const name = `${form}-${path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}.json`;
          await writeFile(join(saveTo, name), JSON.stringify(run.lhr));
        }
        if (why) for (const loss of losses(run.lhr)) console.log(loss);
      } finally {
        chrome.kill();
      }
    }
  }
} finally {
  await server.stop();
}
