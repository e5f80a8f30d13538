import fs from 'node:fs/promises';
import path from 'node:path';
import chromium from '@sparticuz/chromium';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium as playwright, type Browser, type Locator, type Page } from 'playwright-core';
import { ROOT } from './processes.ts';

/**
 * A real Chromium for the web application's tests: the one @sparticuz/chromium ships inside its
 * npm package (no system browser, no download), driven by Playwright. Pages are saved as
 * screenshots (desktop and 375 px wide) under test-results/screenshots, which git ignores.
 */
export const SCREENSHOTS = path.join(ROOT, 'test-results/screenshots');

/**
 * The package's flags are made for serverless functions; those that change how a page behaves
 * (no same-origin policy, one process for everything, where cookies then go missing from
 * fetch) are left out, so that the browser behaves as people's do.
 */
const LEFT_OUT = new Set([
  '--disable-web-security',
  '--single-process',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
]);

/** How to start that Chromium; `extraArgs` are added to its flags. */
export async function browserOptions(extraArgs: string[] = []) {
  return {
    executablePath: await chromium.executablePath(),
    args: [...chromium.args.filter((arg) => !LEFT_OUT.has(arg)), ...extraArgs],
    headless: true,
  };
}

export async function launchBrowser(): Promise<Browser> {
  return playwright.launch(await browserOptions());
}

/** Saves the page at desktop width and at 375 px, as people will see it. */
export async function screenshots(page: Page, name: string): Promise<void> {
  await fs.mkdir(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  // From the top, so that the fixed header is where people see it, not where the page was scrolled to.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-375.png`), fullPage: true });
  await page.setViewportSize(size);
}

/** axe-core's serious and critical findings on the page, WCAG 2.2 included (none is the bar). */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // On a settled page: a toast still fading in reads as text of too little contrast. (A string
  // evaluated, since tests have no DOM types; waitForFunction's strings would need unsafe-eval.)
  // With motion reduced, as a user may ask, a toast that starts to leave while the check runs
  // goes at once instead of fading through unreadable shades; the page keeps the setting.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const settled = `document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity)`;
  for (let tries = 0; tries < 50 && !(await page.evaluate(settled)); tries++) await page.waitForTimeout(100);
  // WCAG 2.2's target size (24 px, or room around a smaller target) is off in axe by default.
  const result = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`)
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** What the page says of a field, as a screen reader hears it: its description and its message. */
export async function fieldMessage(field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}
