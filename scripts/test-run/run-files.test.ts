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

let dir = '';
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
  // node's runner runs no files from inside a test file's process: a process of its own does.
  await writeFile(
    join(dir, 'runner.mjs'),
    `import { runFiles } from ${JSON.stringify(new URL('./run-files.ts', import.meta.url).href)};\n` +
      `const result = await runFiles(${JSON.stringify(dir)}, process.argv.slice(2), { concurrency: 1, timeoutMs: 60000 });\n` +
      `console.log('RESULT ' + JSON.stringify(result));\n`,
  );
});
after(() => rm(dir, { recursive: true, force: true }));

async function runFilesOf(files: string[]): Promise<FilesRun> {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(dir, 'runner.mjs'), ...files], { env });
  return JSON.parse(stdout.slice(stdout.lastIndexOf('RESULT ') + 'RESULT '.length)) as FilesRun;
}

test('files run in the order given, each with its wall and CPU time, and a failing one fails the run', async () => {
  const { failed, timings } = await runFilesOf(['b-busy.test.ts', 'failing.test.ts', 'a-quick.test.ts']);
  assert.equal(failed, true);
  assert.deepEqual((await readFile(join(dir, 'order'), 'utf8')).split('\n'), ['b-busy', 'a-quick', '']);
  assert.deepEqual(Object.keys(timings).sort(), ['a-quick.test.ts', 'b-busy.test.ts', 'failing.test.ts']);
  const busy = timings['b-busy.test.ts']!;
  assert.ok(busy.wallSeconds >= 0.4, `wall ${busy.wallSeconds}`);
  assert.ok(busy.cpuSeconds !== undefined && busy.cpuSeconds >= 0.35, `CPU ${busy.cpuSeconds}`);
});

test('a run of passing files passes', async () => {
  assert.equal((await runFilesOf(['a-quick.test.ts'])).failed, false);
});
