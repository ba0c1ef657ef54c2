// runFiles against small test files of the test's own: it keeps the order it is given (node's
// `--test` sorts by path), times each file (wall, and CPU through cpu-probe.mjs) and reports a failure.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import type { FilesRun } from './run-files.ts';

/** The two runs the runner process makes: one with a failing file, one without. */
const RUNS = [['b-busy.test.ts', 'failing.test.ts', 'a-quick.test.ts'], ['a-quick.test.ts']];
let dir = '';
let runs: FilesRun[] = [];
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'civic-run-files-'));
  const appendName = (name: string) => `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(join(dir, 'order'))}, '${name}\\n');\n`;
  await writeFile(
    join(dir, 'b-busy.test.ts'),
    `${appendName('b-busy')}import { test } from 'node:test';\ntest('busy', () => { const end = Date.now() + 400; while (Date.now() < end); });\n`,
  );
  await writeFile(join(dir, 'a-quick.test.ts'), `${appendName('a-quick')}import { test } from 'node:test';\ntest('quick', () => {});\n`);
  await writeFile(
    join(dir, 'failing.test.ts'),
    `import assert from 'node:assert/strict';\nimport { test } from 'node:test';\ntest('fails', () => assert.equal(1, 2));\n`,
  );
  // node's runner runs no files from inside a test file's process: a process of its own does, two runs.
  await writeFile(
    join(dir, 'runner.mjs'),
    `import { runFiles } from ${JSON.stringify(new URL('./run-files.ts', import.meta.url).href)};\n` +
      `const runs = [];\n` +
      `for (const files of ${JSON.stringify(RUNS)}) runs.push(await runFiles(${JSON.stringify(dir)}, files, { concurrency: 1, timeoutMs: 60000 }));\n` +
      `console.log('RESULT ' + JSON.stringify(runs));\n`,
  );
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(dir, 'runner.mjs')], { env });
  runs = JSON.parse(stdout.slice(stdout.lastIndexOf('RESULT ') + 'RESULT '.length)) as FilesRun[];
});
after(() => rm(dir, { recursive: true, force: true }));

test('files run in the order given, each with its wall and CPU time, and a failing one fails the run', async () => {
  const { failed, timings } = runs[0]!;
  assert.equal(failed, true);
  assert.deepEqual((await readFile(join(dir, 'order'), 'utf8')).split('\n'), ['b-busy', 'a-quick', 'a-quick', '']);
  assert.deepEqual(Object.keys(timings).sort(), ['a-quick.test.ts', 'b-busy.test.ts', 'failing.test.ts']);
  const busy = timings['b-busy.test.ts']!;
  assert.ok(busy.wallSeconds >= 0.4, `wall ${busy.wallSeconds}`);
  assert.ok(busy.cpuSeconds !== undefined && busy.cpuSeconds >= 0.35, `CPU ${busy.cpuSeconds}`);
});

test('a run of passing files passes', () => {
  assert.equal(runs[1]!.failed, false);
});
