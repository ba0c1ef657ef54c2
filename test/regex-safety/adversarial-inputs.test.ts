// Issue 14 item 1, the measured half: every regular expression of contracts/, the services and the
// gateway, run against inputs built to make it backtrack, as long as a request body may be (64 KB),
// takes well under 50 ms. Before the fix, the e-mail pattern took seconds on "a@" + "." x 64 KB + "@".
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { BODY_LIMIT_BYTES } from '@civic/service-kit';
import { slowestAdversarialRun } from './adversarial-inputs.ts';
import { collectServerRegexes, type RegexInventory } from './regex-inventory.ts';

/** "Well under 50 ms": a linear pattern takes about 0.1 ms on 64 KB, a backtracking one seconds. */
const LIMIT_MS = 25;

let inventory: RegexInventory;
before(async () => {
  inventory = await collectServerRegexes();
});

test('every regex of contracts/, the services and the gateway answers adversarial inputs of 64 KB in well under 50 ms', () => {
  assert.ok(inventory.regexes.length > 0);
  const slow = inventory.regexes
    .map((found) => ({ found, result: slowestAdversarialRun(found.regex, BODY_LIMIT_BYTES, LIMIT_MS) }))
    .filter(({ result }) => result.worstMs > LIMIT_MS)
    .map(({ found, result }) => `${found.regex} at ${found.places.join(', ')}: ${result.worstMs.toFixed(0)} ms on ${result.input}`);
  assert.deepEqual(slow, []);
});

test('the adversarial inputs find the patterns that backtrack', () => {
  // Shorter than the body limit, so the proof costs a fraction of a second: quadratic already shows.
  const length = 16 * 1024;
  for (const regex of [
    // The e-mail pattern before issue 14: "a@" + "." x n + "@" tries every dot as the domain's split.
    /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/,
    // Unanchored: tried again from every "{" of "{{{{...".
    /\{([^}]+)\}/g,
    // Exponential: caught while the input is still a few dozen characters long.
    /^(a+)+$/,
  ]) {
    const result = slowestAdversarialRun(regex, length, LIMIT_MS);
    assert.ok(result.worstMs > LIMIT_MS, `${regex}: slowest ${result.worstMs.toFixed(1)} ms on ${result.input}`);
  }
});
