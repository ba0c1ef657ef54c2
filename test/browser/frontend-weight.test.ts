// Front-end weight budget (issue 16): on a first visit, the signed-out landing page transfers at
// most 200 KB of JavaScript and every signed-in page at most 350 KB, counted as Chromium received
// them (compressed bytes on the wire). `npm run bench` prints the same figures.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeBrowser } from '../support/browser.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { measurePageWeights, type PageWeight, WEIGHT_SERVER_ENV } from '../support/frontend-weight-pages.ts';
import { describeScripts, kilobytes } from '../support/script-weight.ts';
import { startTestServer } from '../support/test-server.ts';

describe('front-end weight: JavaScript on the wire per page', { skip: browserTestsSkip() }, () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let weights: PageWeight[] = [];

  before(async () => {
    server = await startTestServer({ env: WEIGHT_SERVER_ENV });
    weights = await measurePageWeights(server);
  });
  after(async () => {
    await closeBrowser();
    await server?.close();
  });

  test('every page was measured, with its scripts compressed', () => {
    assert.deepEqual(
      weights.map((w) => w.page),
      [
        'landing (signed out)',
        'dashboard',
        '/priorities',
        '/issues',
        '/profile',
        '/settings',
        '/briefing-room',
        '/network',
        '/admin',
        '/admin/users',
        '/admin/moderation',
        '/admin/settings',
        '/admin/audit-logs',
        '/admin/announcements',
      ],
    );
    for (const weight of weights) {
      assert.ok(weight.files > 0, `${weight.page} loaded scripts`);
      // Scripts too small to gain from compression are sent as they are; all others arrive as brotli.
      const uncompressed = weight.scripts.filter((s) => s.encoding !== 'br' && s.bytes > 2048);
      assert.deepEqual(uncompressed, [], `${weight.page}: scripts over 2 KB not sent as brotli`);
    }
  });

  test('each page is within its budget', () => {
    const over = weights.filter((w) => kilobytes(w.bytes) > w.budgetKb);
    const report = over.map((w) => `${w.page}: ${kilobytes(w.bytes)} KB > ${w.budgetKb} KB in ${w.files} files\n${describeScripts(w)}`);
    assert.deepEqual(report, [], report.join('\n'));
  });
});
