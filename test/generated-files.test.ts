// The files rendered from the roster (`npm run generate`: the Dockerfile, docker-compose.yml, the
// Prometheus scrape list, the workspace lists) are current: each is rendered again in memory and
// compared. And the compose file is one docker-compose accepts, when docker-compose is installed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from '../infra/deployment/generated-files.ts';
import { filledEnvironment } from './support/compose-environment.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

test('every generated file is what `npm run generate` renders from the roster', () => {
  for (const { path, text } of generatedFiles(ROOT)) {
    assert.ok(readFileSync(join(ROOT, path), 'utf8') === text, `${path} is stale: run npm run generate`);
  }
});

const compose = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });

test('docker-compose accepts docker-compose.yml with every variable of .env.example set', {
  skip: compose.status === 0 ? false : 'docker-compose is not installed',
}, () => {
  const run = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '--quiet'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...Object.fromEntries(filledEnvironment()) },
  });
  assert.equal(run.status, 0, run.stderr);
});
