// The background type-check (scripts/test-run/type-check.ts) against projects of the test's own: a type
// error is a failed check with the compiler's output, which is what fails `npm test`. At normal
// priority here: at the low one `npm test` gives it, a loaded machine starves it.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { typeCheck } from './type-check.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let dir = '';
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'civic-type-check-'));
  for (const [name, source] of [
    ['good', 'export const n: number = 1;\n'],
    ['bad', "export const n: number = 'one';\n"],
  ] as const) {
    await writeFile(join(dir, `${name}.ts`), source);
    await writeFile(join(dir, `${name}.json`), JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, files: [`${name}.ts`] }));
  }
});
after(() => rm(dir, { recursive: true, force: true }));

test('projects that type-check pass; the first with a type error fails the check with its errors', async () => {
  assert.deepEqual({ ...(await typeCheck(ROOT, { niceness: 0, projects: [join(dir, 'good.json')] })), seconds: 0 }, { ok: true, output: '', seconds: 0 });
  const failed = await typeCheck(ROOT, { niceness: 0, projects: [join(dir, 'bad.json'), join(dir, 'missing.json')] });
  assert.equal(failed.ok, false);
  assert.match(failed.output, /bad\.json/);
  assert.doesNotMatch(failed.output, /missing\.json/, 'the checks stop at the first failure');
  assert.match(failed.output, /TS2322/);
});
