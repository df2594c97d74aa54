import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * What the browser suite checks on every page it visits, without each test asking: axe-core runs on each page as it
 * loads (its state then), and again at every `screenshot` (the state a test has brought it to, at desktop and at
 * phone width); the WCAG 2.2 A and AA rules must find nothing. `screenshot` also saves the page at both widths into
 * SCREENSHOTS, the CI artifact folder (docs/development.md, Browser tests).
 */
export const SCREENSHOTS = path.resolve(process.env.SCREENSHOTS_DIR ?? '.test-artifacts/screenshots');
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Violation = { id: string; impact: string | null; help: string; targets: string[] };

const findings: string[] = [];
const running = new Set<Promise<void>>();
/** One axe run at a time per page (axe refuses a second run while one is under way). */
const lastRun = new WeakMap<Page, Promise<void>>();
const stats = { checks: 0, skipped: 0 };
/** Each page visited, by its path with ids folded (`/challenges/{id}`), and those with a screenshot. */
const visited = new Set<string>();
const captured = new Set<string>();

function pageKind(url: string): string {
  return new URL(url).pathname.replace(/\/\d+(?=\/|$)/g, '/{id}');
}

/** The page's script context went away mid-run: it navigated on, or the test closed it. */
function isGone(error: unknown): boolean {
  return /destroyed|closed|navigat|Target page/i.test(String(error));
}

/** Runs in the page: axe over the whole document, the WCAG rules only, violations in short. */
const RUN_AXE = `axe.run({ runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_22_AA)} }, resultTypes: ['violations'] })
  .then((result) => result.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
  })))`;

async function axeViolations(page: Page): Promise<Violation[]> {
  // A string is evaluated as an expression: the same code the page would run, typed here as the answer it gives.
  return (await page.evaluate(RUN_AXE)) as Violation[];
}

async function check(page: Page, when: string): Promise<void> {
  const url = page.url();
  if (!url.startsWith('http')) return;
  try {
    const violations = await axeViolations(page);
    stats.checks++;
    if (violations.length === 0) return;
    findings.push(
      `${url} (${when}):\n${violations
        .map((v) => `  - ${v.id} [${v.impact}] ${v.help}\n      ${v.targets.join('\n      ')}`)
        .join('\n')}`,
    );
  } catch (error) {
    if (!isGone(error)) throw error;
    stats.skipped++;
  }
}

/** Queues an axe run on the page's current state after any earlier one; the test's `afterEach` waits for it. */
function checkPage(page: Page, when: string): Promise<void> {
  const run = (lastRun.get(page) ?? Promise.resolve()).then(() => check(page, when));
  lastRun.set(page, run);
  running.add(run);
  void run.finally(() => running.delete(run)).catch(() => {});
  return run;
}

/**
 * Checks each page as it loads. A test that moves on at once may leave before the check has finished: that check is
 * dropped (counted as left), and the page's state is checked where the test takes a screenshot.
 */
function watchPage(page: Page): void {
  page.on('load', () => {
    if (!page.url().startsWith('http')) return;
    visited.add(pageKind(page.url()));
    void checkPage(page, 'on load').catch((error) => findings.push(`${page.url()}: axe failed: ${error}`));
  });
}

/** Every context the browser opens from now on has its pages watched. */
export function watchPages(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>): Promise<BrowserContext> => {
    const context = await newContext(...args);
    // Present in every document before its own scripts; an init script is not governed by the page's CSP.
    await context.addInitScript({ content: AXE_SOURCE });
    context.on('page', watchPage);
    return context;
  };
}

/** For `afterEach`: waits for the checks still running, then fails with every violation found since the last call. */
export async function assertPagesAccessible(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
  const found = findings.splice(0);
  assert.equal(found.length, 0, `axe-core (WCAG 2.2 AA) found violations:\n${found.join('\n')}`);
}

/**
 * Saves the page as it is now, full length, at desktop width (`NAME-desktop.png`) and at phone width
 * (`NAME-phone.png`), and has axe-core check it at both widths (the phone layout hides and shows other things).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const viewport = page.viewportSize() ?? DESKTOP;
  await checkPage(page, name);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await checkPage(page, `${name}, phone width`);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(viewport);
  captured.add(pageKind(page.url()));
}

process.once('exit', () => {
  const uncaptured = [...visited].filter((kind) => !captured.has(kind)).sort();
  console.log(
    `# page checks: axe-core ran ${stats.checks} times (${stats.skipped} left when the page moved on); screenshots in ${SCREENSHOTS}`,
  );
  if (uncaptured.length > 0) console.log(`# pages visited without a screenshot: ${uncaptured.join(', ')}`);
});
