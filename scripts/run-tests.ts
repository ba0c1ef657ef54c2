// `npm test`: type-check, make sure the front ends are built, then run every test file (unit,
// integration on both profiles, mail, browser) with node's test runner, files in parallel, longest
// first by the timing record (scripts/test-run/timings.ts); the type-check runs beside the first files.
// `npm run test:unit` (--unit): only the unit tier (scripts/test-tiers.ts), no type-check, no build.
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFrontendsBuilt } from '../infra/ensure-frontends.ts';
import { runFiles } from './test-run/run-files.ts';
import { formatTimings, longestFirst, parseTimings, slowestLines, type Timings } from './test-run/timings.ts';
import { typeCheck } from './test-run/type-check.ts';
import { tierOf, tierSource } from './test-tiers.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIP_DIRS = new Set(['node_modules', 'dist', 'generated', '.git', 'data', '.tmp']);
/** This machine's record of its last full run, and the checked-in baseline (`npm run test:save-timings`). */
const LOCAL_TIMINGS = join(ROOT, '.test-timings.json');
const BASELINE_TIMINGS = join(ROOT, 'test', 'timings.json');

async function findTests(dir: string, found: string[] = []): Promise<string[]> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) await findTests(join(dir, entry.name), found);
    } else if (entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx')) {
      found.push(relative(ROOT, join(dir, entry.name)));
    }
  }
  return found;
}

async function recordedTimings(): Promise<Timings> {
  const read = async (path: string) => (existsSync(path) ? parseTimings(await readFile(path, 'utf8')) : {});
  return { ...(await read(BASELINE_TIMINGS)), ...(await read(LOCAL_TIMINGS)) };
}

const unitOnly = process.argv.includes('--unit');
const filters = process.argv.slice(2).filter((arg) => arg !== '--unit');
const fullRun = filters.length === 0 && !unitOnly;
const typeChecked = fullRun ? typeCheck(ROOT) : undefined;
if (typeChecked) {
  console.log('» type-checking beside the tests');
  void typeChecked.then((result) => result.ok || console.log(`» type-check FAILED (npm test will fail)\n${result.output}`));
}
if (!unitOnly) await ensureFrontendsBuilt();

const matching = (await findTests(ROOT)).filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
const readSource = (path: string) => readFile(join(ROOT, path), 'utf8');
const tiers = await Promise.all(matching.map(async (f) => tierOf(f, unitOnly ? await tierSource(f, readSource) : '')));
const files = longestFirst(
  matching.filter((_, i) => !unitOnly || tiers[i] === 'unit'),
  await recordedTimings(),
);
console.log(`» running ${files.length} test files`);
// Two at a time on these 2-core machines: the suite is CPU-bound, so a third file adds no throughput,
// only contention (with three, a stack's NATS connect and one file's 240 s limit ran out in CI).
// Unit files are light (one process each, no servers): more at once pays even on two cores.
const concurrency = Number(process.env.TEST_CONCURRENCY ?? (unitOnly ? 4 : 2));
const { failed, timings } = await runFiles(ROOT, files, { concurrency, timeoutMs: 240_000 });

console.log('\n» the slowest files (wall; CPU of the file and the processes it started, not PostgreSQL)');
for (const line of slowestLines(timings, 10)) console.log(line);
if (fullRun) {
  await writeFile(LOCAL_TIMINGS, formatTimings(timings));
  console.log(`» every file's timing in ${relative(ROOT, LOCAL_TIMINGS)} (\`npm run test:save-timings\` makes it the baseline)`);
}
const checked = await typeChecked;
if (checked) {
  if (checked.ok) console.log(`» type-check passed (${checked.seconds.toFixed(0)} s)`);
  else console.log('» type-check FAILED (its errors above)');
}
process.exit(failed || (checked && !checked.ok) ? 1 : 0);
