// `npm test`: type-check, make sure the front ends are built, then run every test file (unit,
// integration on both profiles, mail, browser) with node's test runner, files in parallel.
// `npm run test:unit` (--unit): only the unit tier (scripts/test-tiers.ts), no type-check, no build.
import { spawnSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFrontendsBuilt } from '../infra/ensure-frontends.ts';
import { tierOf } from './test-tiers.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIP_DIRS = new Set(['node_modules', 'dist', 'generated', '.git', 'data', '.tmp']);

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

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

const unitOnly = process.argv.includes('--unit');
const filters = process.argv.slice(2).filter((arg) => arg !== '--unit');
if (filters.length === 0 && !unitOnly) {
  console.log('» type-checking');
  if (run('npx', ['tsc', '-p', 'tsconfig.json']) !== 0) process.exit(1);
  if (run('npx', ['tsc', '-p', 'frontends/tsconfig.json']) !== 0) process.exit(1);
  // The k6 scripts against @types/k6 (k6/README.md): plain JavaScript k6 runs as it is.
  if (run('npx', ['tsc', '-p', 'k6/tsconfig.json']) !== 0) process.exit(1);
}
if (!unitOnly) await ensureFrontendsBuilt();

const files = (await findTests(ROOT))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .filter((f) => !unitOnly || tierOf(f) === 'unit')
  .sort();
console.log(`» running ${files.length} test files`);
// Two at a time on these 2-core machines: the suite is CPU-bound, so a third file adds no throughput,
// only contention (with three, a stack's NATS connect and one file's 240 s limit ran out in CI).
// Unit files are light (one process each, no servers): more at once pays even on two cores.
const concurrency = process.env.TEST_CONCURRENCY ?? (unitOnly ? '4' : '2');
process.exit(
  run(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-timeout=240000', '--test-reporter=spec', ...files]),
);
