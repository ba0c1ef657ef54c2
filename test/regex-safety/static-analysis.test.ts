// Issue 14 item 1, the static half: redos-detector (a pure JS analyser) reads every regular
// expression of contracts/, the services and the gateway and refuses one that a string could match in
// more than one way often enough to make the engine backtrack (nested or overlapping quantifiers).
// `npm test` runs it, so CI refuses a new pattern that could bring the sign-in ReDoS back.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { isSafe } from 'redos-detector';
import { z } from 'zod';
import { EMAIL_PATTERN } from '@civic/contracts';
import { collectServerRegexes, type RegexInventory } from './regex-inventory.ts';

/** The analyser gives up on a pattern past this; giving up counts as unsafe. */
const ANALYSIS_TIMEOUT_MS = 20_000;

/** A judgement of redos-detector, in words a failing test can show. */
function judge(regex: RegExp): { safe: boolean; why: string } {
  const result = isSafe(regex, { timeout: ANALYSIS_TIMEOUT_MS });
  const score = result.score.infinite ? 'infinite' : String(result.score.value);
  const example = result.trails[0]?.trail[0];
  const overlap = example ? `: "${example.a.node.source}" and "${example.b.node.source}" can match the same text` : '';
  return { safe: result.safe, why: `score ${score}${result.error ? ` (${result.error})` : ''}${overlap}` };
}

let inventory: RegexInventory;
before(async () => {
  inventory = await collectServerRegexes();
});

test('the inventory finds the regexes of the source and those of zod formats', () => {
  const found = (regex: RegExp) => inventory.regexes.find((r) => r.regex.source === regex.source && r.regex.flags === regex.flags);
  assert.ok(
    found(EMAIL_PATTERN)?.places.some((p) => p.startsWith('contracts/src/auth/http.ts:')),
    'the e-mail pattern, in auth.ts',
  );
  const zodUuid = (z.uuid()._zod.def as { pattern?: RegExp }).pattern!;
  assert.ok(found(zodUuid), 'the pattern zod tests for .uuid()');
  assert.ok(inventory.regexes.length >= 25, `only ${inventory.regexes.length} regexes found`);
});

test('no regex is built at run time from something other than a literal (it could not be checked)', () => {
  assert.deepEqual(inventory.unchecked, []);
});

test('redos-detector finds no regex of contracts/, the services or the gateway that can backtrack', () => {
  const unsafe = inventory.regexes
    .map((found) => ({ found, verdict: judge(found.regex) }))
    .filter(({ verdict }) => !verdict.safe)
    .map(({ found, verdict }) => `${found.regex} at ${found.places.join(', ')}: ${verdict.why}`);
  assert.deepEqual(unsafe, [], `write these so that only one way can match (see docs/security.md, issue 14 item 1):\n${unsafe.join('\n')}`);
});

test('redos-detector flags the patterns that backtrack: the old e-mail pattern among them', () => {
  for (const regex of [
    // The e-mail pattern before issue 14: every dot of the domain was a possible split.
    /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/,
    // Unanchored, tried at every "{" of "{{{{...".
    /\{([^}]+)\}/g,
    /^(a+)+$/,
    /^(\w+\s?)*$/,
  ]) {
    assert.equal(judge(regex).safe, false, String(regex));
  }
  assert.equal(judge(EMAIL_PATTERN).safe, true, 'the e-mail pattern of today');
});
