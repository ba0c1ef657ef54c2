// The import checker of `npm run lint` on a small tree made here: it finds a cycle (also one made of
// type-only imports), leaves a tree without one alone, and reports an import across a boundary.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { checkImports } from './imports.ts';

const root = await mkdtemp(join(tmpdir(), 'imports-'));
after(() => rm(root, { recursive: true, force: true }));

async function tree(name: string, files: Record<string, string>): Promise<string> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, name, path)), { recursive: true });
    await writeFile(join(root, name, path), text);
  }
  return join(root, name);
}

test('a module that reaches itself through its imports is a cycle', async () => {
  const dir = await tree('cycle', {
    'src/events.ts': "import { eraseUser } from './erase-user.ts';\nexport const emit = () => eraseUser;\n",
    'src/erase-user.ts': "import { emit } from './events.ts';\nexport const eraseUser = () => emit;\n",
    'src/app.ts': "import { emit } from './events.ts';\nexport default emit;\n",
  });
  const report = await checkImports(dir, ['src/**/*.ts'], []);
  assert.deepEqual(report.cycles, [['src/events.ts', 'src/erase-user.ts']]);
});

test('type-only imports close a cycle too', async () => {
  const dir = await tree('types', {
    'context.ts': "import type { Cache } from './cache.ts';\nexport interface Context { cache: Cache }\n",
    'cache.ts': "import type { Context } from './context.ts';\nexport interface Cache { owner: Context }\n",
  });
  const report = await checkImports(dir, ['*.ts'], []);
  assert.equal(report.cycles.length, 1);
});

test('a tree whose imports all lead one way has no cycle and, within its boundaries, no crossing', async () => {
  const dir = await tree('acyclic', {
    'src/handlers.ts': "import { emit } from './events.ts';\nimport { eraseUser } from './erase-user.ts';\nexport const all = [emit, eraseUser];\n",
    'src/erase-user.ts': "import { emit } from './events.ts';\nexport const eraseUser = () => emit;\n",
    'src/events.ts': 'export const emit = () => 1;\n',
  });
  assert.deepEqual(await checkImports(dir, ['src/**/*.ts'], [{ from: 'src/', to: 'scripts/' }]), { cycles: [], crossings: [] });
});

test('an import across a boundary is reported with both files', async () => {
  const dir = await tree('boundary', {
    'infra/run.ts': "import { build } from '../scripts/build.ts';\nbuild();\n",
    'scripts/build.ts': "import { port } from '../infra/ports.ts';\nexport const build = () => port;\n",
    'infra/ports.ts': 'export const port = 3000;\n',
  });
  const boundary = { from: 'infra/', to: 'scripts/' };
  const report = await checkImports(dir, ['infra/*.ts', 'scripts/*.ts'], [boundary]);
  assert.deepEqual(report.crossings, [{ issuer: 'infra/run.ts', target: 'scripts/build.ts', boundary }]);
});
