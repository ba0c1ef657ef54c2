// `npm run bench` (front-end weight): kilobytes of JavaScript each page transfers on a first visit,
// compressed as the gateway sends it, against the budgets of the browser test
// (test/browser/frontend-weight.test.ts). Needs the built front ends and Chromium.
import { closeBrowser } from '../test/support/browser.ts';
import { measurePageWeights, WEIGHT_SERVER_ENV } from '../test/support/frontend-weight-pages.ts';
import { describeScripts, kilobytes } from '../test/support/script-weight.ts';
import { startTestServer } from '../test/support/test-server.ts';

const server = await startTestServer({ env: WEIGHT_SERVER_ENV });
try {
  const weights = await measurePageWeights(server);
  console.log('\nFront-end weight: JavaScript per page, first visit (Chromium, cache off)');
  for (const weight of weights) {
    const verdict = kilobytes(weight.bytes) <= weight.budgetKb ? 'ok' : 'OVER BUDGET';
    console.log(
      `${weight.page.padEnd(22)} ${String(kilobytes(weight.bytes)).padStart(7)} KB on the wire  ` +
        `${String(kilobytes(weight.decodedBytes)).padStart(7)} KB decoded  ${String(weight.files).padStart(3)} files  ` +
        `budget ${weight.budgetKb} KB  ${verdict}`,
    );
    if (process.env.BENCH_VERBOSE) console.log(describeScripts(weight));
  }
} finally {
  await closeBrowser();
  await server.close();
}
