/// <reference lib="dom" />
// Accessibility checks for the browser tests: axe-core's WCAG 2.0/2.1 A and AA rules run in the page,
// and a test fails on any serious or critical violation, listing each one so it can be fixed.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** What axe reports of one rule that failed, trimmed to what the failure message shows. */
export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

let axeSource: Promise<string> | undefined;
const readAxeSource = () => (axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core'), 'utf8'));

/**
 * Runs axe-core on the page as it is now (open dialogs included) and returns its serious and
 * critical violations. axe is evaluated through the DevTools protocol, not added as a <script> tag:
 * the gateway's Content-Security-Policy (script-src 'self') rightly refuses inline scripts, and the
 * page is checked with the headers it really has.
 */
export async function findSeriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  // A dialog still fading in has the colours of half its opacity: let finite animations end first
  // (spinners and skeleton pulses run for ever and are not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${await readAxeSource()}\n;undefined`);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  }, WCAG_TAGS);
  return violations.filter((violation) => violation.impact !== null && BLOCKING_IMPACTS.has(violation.impact));
}

/** One line per violation: rule, impact, the elements it was found on, and axe's help text. */
export function describeA11yViolations(violations: A11yViolation[]): string {
  return violations.map((violation) => `- ${violation.id} (${violation.impact}) on ${violation.targets.join(', ')}: ${violation.help}`).join('\n');
}

/** Fails with one line per serious or critical violation (rule, impact, elements, help). */
export async function expectNoSeriousA11yViolations(page: Page, what: string): Promise<void> {
  const violations = await findSeriousA11yViolations(page);
  assert.equal(violations.length, 0, `${what}: ${violations.length} serious or critical accessibility violation(s)\n${describeA11yViolations(violations)}`);
}
