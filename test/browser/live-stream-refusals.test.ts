/// <reference lib="dom" />
// The live rankings stream in Chromium when the gateway refuses it (429 over the stream limits;
// likewise 401, 503): the page does not keep knocking every few seconds; it tries again after 5 s,
// then 10, 20 ... up to once a minute. Timed on the page's fake clock, so CI load cannot change it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { signInThroughApi, uniqueEmail } from './browser-helpers.ts';
import { BULK_ENV, fulfillWith } from './priority-helpers.ts';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';

interface StreamTry {
  opened: number;
  refused?: number;
}

describe('live rankings: a refused stream backs off', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer({ env: BULK_ENV });

  test('429 from the stream: tried again after 5 s, 10 s, 20 s, 40 s', async () => {
    const { page, context } = await suite.start();
    await signInThroughApi(context, suite.server, uniqueEmail('refused-stream'));
    await fulfillWith(page, 'GET', /\/api\/priorities\/stream$/, 429, {
      code: 'GATEWAY_TOO_MANY_STREAMS',
      message: 'Too many live streams open. Close another tab and try again.',
    });
    await page.clock.install();
    // Every EventSource the page opens, when (page clock), and when the browser gave up on it.
    await page.addInitScript(() => {
      const tries: StreamTry[] = [];
      (window as unknown as { streamTries: StreamTry[] }).streamTries = tries;
      const Native = window.EventSource;
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          const entry: StreamTry = { opened: Date.now() };
          tries.push(entry);
          this.addEventListener('error', () => {
            if (this.readyState === Native.CLOSED) entry.refused ??= Date.now();
          });
        }
      };
    });
    await page.goto('/priorities');
    await page.getByRole('heading', { level: 1, name: 'All Priorities' }).waitFor();

    const tries = () => page.evaluate(() => (window as unknown as { streamTries: StreamTry[] }).streamTries);
    const refusedTries = async (count: number) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const seen = await tries();
        if (seen.length >= count && seen[count - 1]!.refused !== undefined) return seen;
        assert.ok(Date.now() < deadline, `try ${count} was not refused within 10 s: ${JSON.stringify(seen)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    for (let count = 1; count <= 4; count += 1) {
      await refusedTries(count);
      // Past any delay: the reconnect timer fires at its own time on the page's clock.
      await page.clock.runFor(61_000);
    }
    const seen = await refusedTries(5);
    const delays = seen.slice(1, 5).map((entry, index) => entry.opened - seen[index]!.refused!);
    assert.deepEqual(delays, [5000, 10_000, 20_000, 40_000], JSON.stringify(seen));
  });
});
