// A freshly initialised PGlite cluster, made once per machine and copied into the DATA_DIR of each
// embedded test stack and test service: initdb costs seconds of CPU, a copy a few milliseconds, and
// many test files start at once on two cores.
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const pglitePackage = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
const VERSION = (JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string }).version;
const TEMPLATE = join(tmpdir(), `civic-pglite-template-${VERSION}`);

function initdb(dir: string): void {
  const pglite = pathToFileURL(require.resolve('@electric-sql/pglite')).href;
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)}); await (await PGlite.create(${JSON.stringify(dir)})).close();`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('PGlite initdb for the test template failed');
}

/** Copies an empty, initialised cluster to `${dataDir}/pglite` (where the embedded provider looks). */
export async function seedPgliteCluster(dataDir: string): Promise<void> {
  if (!existsSync(join(TEMPLATE, 'PG_VERSION'))) {
    // Built aside and renamed into place, so parallel test files never see half a cluster.
    const building = await mkdtemp(join(tmpdir(), 'civic-pglite-building-'));
    initdb(building);
    await rename(building, TEMPLATE).catch(async () => rm(building, { recursive: true, force: true }));
  }
  await cp(TEMPLATE, join(dataDir, 'pglite'), { recursive: true });
}
