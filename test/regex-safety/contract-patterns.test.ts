// Issue 14 item 1 in contracts/: a string's length is checked before its pattern, and a failed length
// ends the checks (zod otherwise runs `.regex()` after a failed `.max()` on the whole input); and the
// e-mail pattern, rewritten so that it cannot backtrack, accepts exactly the addresses it did.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { EMAIL_PATTERN, SIGN_IN_MESSAGES, ZEmail } from '@civic/contracts';
import { BODY_LIMIT_BYTES } from '@civic/service-kit';

const CONTRACTS = fileURLToPath(new URL('../../contracts/src', import.meta.url));

interface CheckDef {
  check: string;
  format?: string;
  abort?: boolean;
}

/** Every zod string schema reachable from a value (through schema definitions, objects and arrays). */
function stringSchemasIn(value: unknown, found: Set<{ checks: { _zod: { def: CheckDef } }[] }>, seen = new Set<object>()): void {
  if (value === null || typeof value !== 'object' || seen.has(value) || value instanceof RegExp) return;
  seen.add(value);
  const def = (value as { _zod?: { def?: { type?: string; checks?: { _zod: { def: CheckDef } }[] } } })._zod?.def;
  if (def) {
    if (def.type === 'string' && def.checks) found.add({ checks: def.checks });
    return stringSchemasIn(def, found, seen);
  }
  for (const item of Array.isArray(value) ? value : Object.values(value)) stringSchemasIn(item, found, seen);
}

test('every string pattern of contracts/ comes after a length check that ends the checks when it fails', async () => {
  // The contracts' own test files are not contracts (importing one would run its tests inside this one).
  const files = readdirSync(CONTRACTS, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const unguarded: string[] = [];
  let patterns = 0;
  for (const file of files) {
    const exports = (await import(pathToFileURL(join(CONTRACTS, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      const schemas = new Set<{ checks: { _zod: { def: CheckDef } }[] }>();
      stringSchemasIn(value, schemas);
      for (const { checks } of schemas) {
        const defs = checks.map((c) => c._zod.def);
        const pattern = defs.findIndex((d) => d.check === 'string_format' && d.format === 'regex');
        if (pattern < 0) continue;
        patterns++;
        const bounded = defs.slice(0, pattern).some((d) => (d.check === 'max_length' || d.check === 'length_equals') && d.abort === true);
        if (!bounded) unguarded.push(`contracts/src/${file} export ${name}`);
      }
    }
  }
  assert.ok(patterns >= 5, `only ${patterns} patterns found`);
  assert.deepEqual(
    [...new Set(unguarded)],
    [],
    'give these a .max(n, { error, abort: true }) (or .length) before .regex(): without abort zod runs the pattern on the whole oversized input',
  );
});

/** The best of three timings: a busy core or a garbage collection slows one run, backtracking every one. */
function bestTimeMs(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

test('an e-mail address of 64 KB made to backtrack is refused at once, with spec 5 message alone', () => {
  const email = `a@${'.'.repeat(BODY_LIMIT_BYTES - 3)}@`;
  const result = ZEmail.safeParse(email);
  assert.equal(result.success, false);
  assert.deepEqual(
    result.error!.issues.map((i) => i.message),
    [SIGN_IN_MESSAGES.emailInvalid],
  );
  const parseMs = bestTimeMs(() => ZEmail.safeParse(email));
  assert.ok(parseMs < 25, `${parseMs.toFixed(0)} ms`);
  // The pattern itself no longer backtracks either, even without the length check before it.
  assert.equal(EMAIL_PATTERN.test(email), false);
  const patternMs = bestTimeMs(() => EMAIL_PATTERN.test(email));
  assert.ok(patternMs < 25, `the pattern alone took ${patternMs.toFixed(0)} ms`);
});

test('the e-mail pattern accepts exactly what the pattern of spec 5 did (every string of up to 8 characters of each kind)', () => {
  // The pattern before issue 14 (quadratic on long inputs, harmless on these short ones).
  const BEFORE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
  // One character of each kind the patterns tell apart: allowed, dot, at sign, refused (' ' stands
  // for all of \s<>()[]\\,;:" since both patterns treat those alike).
  const alphabet = ['a', '.', '@', ' '];
  let strings = [''];
  let compared = 0;
  for (let length = 0; length <= 8; length++) {
    for (const text of strings) {
      compared++;
      if (EMAIL_PATTERN.test(text) !== BEFORE.test(text)) assert.fail(`${JSON.stringify(text)}: ${EMAIL_PATTERN.test(text)} now, ${BEFORE.test(text)} before`);
    }
    strings = strings.flatMap((text) => alphabet.map((c) => text + c));
  }
  assert.ok(compared > 80_000);
  for (const address of ['ann@example.com', 'a@b.c', 'a@b..c', 'a@.b.c', 'first.last+tag@sub.example.org']) assert.ok(EMAIL_PATTERN.test(address), address);
  for (const text of ['a@b', 'a@b.', 'a@.b', '@b.c', 'a b@c.d', 'victim<attacker@evil.com>', 'a@b.co,x@evil.com', '"q"@example.com']) {
    assert.ok(!EMAIL_PATTERN.test(text), text);
  }
});
