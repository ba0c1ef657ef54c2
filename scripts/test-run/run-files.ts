// Runs test files with node's test runner, `concurrency` files at a time in the order given (the
// `--test` command line sorts them by path), printing the spec report, and times each file.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { finished } from 'node:stream/promises';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import type { Timings } from './timings.ts';

export interface FilesRun {
  failed: boolean;
  /** By path relative to `root`. */
  timings: Timings;
}

const PROBE = new URL('./cpu-probe.mjs', import.meta.url).href;

export async function runFiles(root: string, files: readonly string[], options: { concurrency: number; timeoutMs: number }): Promise<FilesRun> {
  const cpuDir = await mkdtemp(join(tmpdir(), 'civic-test-cpu-'));
  const saved = { options: process.env.NODE_OPTIONS, dir: process.env.CIVIC_TEST_CPU_DIR };
  // The test processes inherit this process's environment when the runner spawns them.
  process.env.NODE_OPTIONS = `${saved.options ?? ''} --import=${PROBE}`.trim();
  process.env.CIVIC_TEST_CPU_DIR = cpuDir;
  try {
    const timings: Timings = {};
    let failed = false;
    const stream = run({ files: files.map((f) => join(root, f)), concurrency: options.concurrency, timeout: options.timeoutMs });
    stream.on('test:fail', () => {
      failed = true;
    });
    // Each file is a test of the runner's own, named by its path, whose duration is the file's wall time.
    stream.on('test:complete', (data: { name: string; file?: string; details: { duration_ms: number } }) => {
      if (data.file !== undefined && data.name === data.file) timings[relative(root, data.file)] = { wallSeconds: data.details.duration_ms / 1000 };
    });
    const report = stream.compose(new spec());
    report.pipe(process.stdout, { end: false });
    await finished(report);
    for (const name of await readdir(cpuDir)) {
      const { file, cpuSeconds } = JSON.parse(await readFile(join(cpuDir, name), 'utf8')) as { file: string; cpuSeconds: number };
      const timing = timings[relative(root, file)];
      if (timing) timing.cpuSeconds = (timing.cpuSeconds ?? 0) + cpuSeconds;
    }
    return { failed, timings };
  } finally {
    if (saved.options === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = saved.options;
    if (saved.dir === undefined) delete process.env.CIVIC_TEST_CPU_DIR;
    else process.env.CIVIC_TEST_CPU_DIR = saved.dir;
    await rm(cpuDir, { recursive: true, force: true });
  }
}
