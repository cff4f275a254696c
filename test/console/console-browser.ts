import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { required } from '../support/requirements';

/** Debian's Chromium, driven by playwright-core (no browser download). */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];
/** Chromium is there (under CI a missing one fails the suite: see test/support/requirements.ts). */
export const haveChromium = required(`Chromium at ${CHROMIUM} (apt-get install chromium)`, existsSync(CHROMIUM));
const AXE = require.resolve('axe-core');
let axeSource = '';
/** A folder for full-page screenshots (CONSOLE_SCREENSHOTS), or none. */
export const SCREENSHOTS = process.env.CONSOLE_SCREENSHOTS;
/** The two sizes every page is checked at. */
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

// browser globals inside page.evaluate() callbacks (the test project compiles without the DOM library)
declare const document: any;
declare function getComputedStyle(element: any): { overflowX: string };

/** Serious and critical axe-core violations of the page as it is now. */
export async function axeViolations(page: Page): Promise<string[]> {
  // evaluated rather than added as a script tag: the console's CSP refuses inline scripts, as it should
  axeSource ||= readFileSync(AXE, 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.targets.join(', ')}`);
}

/**
 * What makes the page wider than its viewport: '' when nothing overflows sideways, else the
 * overflow in pixels and the innermost elements reaching past the right edge.
 */
export async function horizontalOverflow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const extra = root.scrollWidth - root.clientWidth;
    if (extra <= 0) return '';
    // an element inside a box that clips or scrolls sideways cannot widen the page
    const clipped = (e: any): boolean => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const past = [...document.querySelectorAll('body *')].filter((e: any) => e.getBoundingClientRect().right > root.clientWidth + 1 && !clipped(e));
    const innermost = past.filter((e: any) => !past.some((o: any) => o !== e && e.contains(o)));
    return `${extra} px: ${innermost
      .slice(0, 5)
      .map((e: any) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${String(e.className).split(' ').join('.')}`)
      .join(', ')}`;
  });
}

/** Full-page screenshots at desktop and phone width, when CONSOLE_SCREENSHOTS names a folder. */
export async function shootBoth(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const size = page.viewportSize()!;
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  writeFileSync(join(SCREENSHOTS, `${name}-desktop.png`), await page.screenshot({ fullPage: true }));
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  writeFileSync(join(SCREENSHOTS, `${name}-phone.png`), await page.screenshot({ fullPage: true }));
  await page.setViewportSize(size);
}

/** Page errors, console errors and failed answers of a page, as they happen. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`answer ${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return errors;
}

/** A failure with what the page said and showed (its status and alert texts, a screenshot), which explains most failures. */
export async function explainFailure(page: Page, errors: string[], error: unknown, screenshot: string): Promise<Error> {
  const status = await page
    .evaluate(() => [...document.querySelectorAll('[role=status],[role=alert]')].map((e: { textContent: string }) => e.textContent).join(' | '))
    .catch(() => '');
  if (SCREENSHOTS) writeFileSync(join(SCREENSHOTS, screenshot), await page.screenshot({ fullPage: true }));
  return new Error(`${(error as Error).message}\nat ${page.url()}: ${status}\npage errors:\n${errors.join('\n')}`);
}
