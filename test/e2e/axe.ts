import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Result, RunOptions } from 'axe-core';
import { expect } from './support';

/*
 * axe-core's checks of a page as it is now (docs/quality.md#accessibility), for every spec that scans one.
 *
 * axe is put into the page once per document and run there. @axe-core/playwright's AxeBuilder puts it in again for
 * each scan and, to gather the results of all frames, opens a blank page of its own each time and runs axe there
 * too: 0.9 to 1.8 s a scan where axe itself takes 0.15 to 0.4 s (the home, marketplace and storefront pages on the
 * 2-core machine, docs/decisions/0040-axe-in-the-page.md). A page with frames of its own is scanned by
 * AxeBuilder, which reaches into them; the app's pages have none.
 */

/** The WCAG 2.0 and 2.1 rules, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    axe?: { run: (context: Document, options: RunOptions) => Promise<{ violations: Result[] }> };
  }
}

/**
 * Waits for the page's running transitions and finite animations to end, so that colours are measured at rest. A
 * badge that has just changed state (an order's "Paid") fades from its old colours for 150 ms (`transition-colors`),
 * which reduced motion does not turn off; measured halfway, its text and background are both washed out. Endless
 * animations (a spinner) are left running: they never end.
 */
async function settledTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
}

/** axe's violations of the page as it is now: of the WCAG A/AA rules, or of the rules named. */
export async function axeViolations(
  page: Page,
  only: { rules: string[] } | { tags: string[] } = { tags: WCAG_TAGS },
): Promise<Result[]> {
  await settledTransitions(page);
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page });
    return (await ('rules' in only ? builder.withRules(only.rules) : builder.withTags(only.tags)).analyze())
      .violations;
  }
  const options: RunOptions = {
    runOnly: 'rules' in only ? { type: 'rule', values: only.rules } : { type: 'tag', values: only.tags },
    // Only the violations are read: axe need not describe every element that passed.
    resultTypes: ['violations'],
  };
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axeSource);
  return page.evaluate(async (o) => {
    if (!window.axe) throw new Error('axe-core is not in the page');
    return (await window.axe.run(document, o)).violations;
  }, options);
}

/**
 * Runs axe over the page as it is now and records, as a soft failure, every violation of impact serious or critical:
 * its rule, impact, the element and axe's summary (a contrast failure names the ratio and colours).
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const serious = (await axeViolations(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const report = serious.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} [${v.impact}] ${n.target.join(' ')} - ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').trim()}`,
    ),
  );
  expect.soft(report, `axe: serious/critical violations on ${label}`).toEqual([]);
}
