// Builds the front ends when a build is missing or older than its sources, so `npm start` and
// `npm test` always serve what the code says without rebuilding on every run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FRONTENDS = join(ROOT, 'frontends');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Written after a successful build: webpack leaves unchanged files (and so dist's mtime) alone. */
const STAMP = '.built';

function areas(): string[] {
  return readdirSync(FRONTENDS).filter((d) => existsSync(join(FRONTENDS, d, 'webpack.config.mjs')));
}

export function frontendsAreStale(): boolean {
  const sources = newestMtime(FRONTENDS);
  return areas().some((area) => {
    const stamp = join(FRONTENDS, area, 'dist', STAMP);
    return !existsSync(stamp) || statSync(stamp).mtimeMs < sources;
  });
}

export async function ensureFrontendsBuilt(): Promise<void> {
  if (!frontendsAreStale()) return;
  console.log('» building the front ends (npm run build:frontends)');
  const result = spawnSync('npm', ['run', 'build:frontends'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('front-end build failed');
  for (const area of areas()) writeFileSync(join(FRONTENDS, area, 'dist', STAMP), `${new Date().toISOString()}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await ensureFrontendsBuilt();
