// Front-end weight: how many bytes of JavaScript a page load transfers, as Chromium counts them
// (the DevTools protocol's encodedDataLength: compressed body plus headers, i.e. what crossed the
// wire). Used by the budget test (test/browser/frontend-weight.test.ts) and `npm run bench`.
import type { Page } from 'playwright-core';

/** Budgets of issue 16: the signed-out landing page, and every signed-in page. */
export const LANDING_BUDGET_KB = 200;
export const SIGNED_IN_BUDGET_KB = 350;

export interface ScriptWeight {
  /** Bytes transferred for script responses (compressed as sent, headers included). */
  bytes: number;
  /** Bytes of those scripts once decoded (what the browser parses). */
  decodedBytes: number;
  files: number;
  /** Each script: path and transferred bytes, largest first (for a failure message). */
  scripts: { url: string; bytes: number; encoding: string }[];
}

export const kilobytes = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Loads `path` with the browser cache off (every page is measured as a first visit), waits for
 * `ready` (what the page shows once it is drawn) and for the network to go quiet, and sums the
 * script responses.
 */
export async function measureScriptWeight(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<ScriptWeight> {
  const cdp = await page.context().newCDPSession(page);
  const scripts = new Map<string, { url: string; encoding: string }>();
  const finished = new Map<string, { bytes: number }>();
  const decoded = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    scripts.set(event.requestId, { url: new URL(event.response.url).pathname, encoding: headers['content-encoding'] ?? 'identity' });
  });
  cdp.on('Network.dataReceived', (event) => decoded.set(event.requestId, (decoded.get(event.requestId) ?? 0) + event.dataLength));
  cdp.on('Network.loadingFinished', (event) => finished.set(event.requestId, { bytes: event.encodedDataLength }));
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  try {
    await page.goto(path);
    await ready(page);
    // Lazily loaded chunks of the first screen arrive after it is drawn: count them too.
    await page.waitForLoadState('networkidle', { timeout: 15_000 });
  } finally {
    await cdp.detach().catch(() => undefined);
  }
  const unfinished = [...scripts].filter(([id]) => !finished.has(id)).map(([, script]) => script.url);
  if (unfinished.length > 0) throw new Error(`scripts still loading after the page went quiet: ${unfinished.join(', ')}`);
  const list = [...scripts].map(([id, script]) => ({ ...script, bytes: finished.get(id)!.bytes, decoded: decoded.get(id) ?? 0 }));
  list.sort((a, b) => b.bytes - a.bytes);
  return {
    bytes: list.reduce((sum, script) => sum + script.bytes, 0),
    decodedBytes: list.reduce((sum, script) => sum + script.decoded, 0),
    files: list.length,
    scripts: list.map(({ url, bytes, encoding }) => ({ url, bytes, encoding })),
  };
}

/** One line per script, for a failure message or a bench log. */
export function describeScripts(weight: ScriptWeight): string {
  return weight.scripts.map((s) => `  ${String(kilobytes(s.bytes)).padStart(7)} KB  ${s.encoding.padEnd(8)} ${s.url}`).join('\n');
}
