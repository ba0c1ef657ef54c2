// Every way a server process is started passes SERVER_NODE_FLAGS (infra/services.ts): the images
// (Dockerfile, and any command docker-compose.yml gives instead), `npm start`, and the distributed
// runner and benchmarks (which spread the constant itself), and this Node accepts them (a V8 flag renamed by a Node upgrade would stop every
// server at start with "bad option").
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { GATEWAY_ENTRY, SERVER_NODE_FLAGS, SERVICE_PROCESSES } from '../infra/services.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}/${path}`, 'utf8');

/** The node options of a command line that runs `entry` (those before `--import tsx <entry>`). */
function nodeOptionsOf(command: readonly string[], entry: string): string[] | undefined {
  if (command[0] !== 'node' || command.at(-1) !== entry) return undefined;
  return command.slice(1, command.indexOf('--import'));
}

describe('server node flags', () => {
  const entries = [GATEWAY_ENTRY, ...SERVICE_PROCESSES.map((service) => service.entry)];

  test('this Node accepts them', () => {
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', '0'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
  });

  test('the Dockerfile starts every server with them, and docker-compose.yml overrides none without them', () => {
    // Each image's CMD is a one-line JSON array (`CMD ["node", ...]`), as is a compose `command:`.
    const images = [...read('Dockerfile').matchAll(/^CMD (\[.*\])$/gm)].map((m) => JSON.parse(m[1]!) as string[]);
    for (const entry of entries) {
      const options = images.map((command) => nodeOptionsOf(command, entry)).find(Boolean);
      assert.ok(options, `the Dockerfile has a CMD for ${entry}`);
      assert.deepEqual(options, [...SERVER_NODE_FLAGS], entry);
    }
    const overrides = [...read('docker-compose.yml').matchAll(/^\s+command: (\[.*\])$/gm)].map((m) => JSON.parse(m[1]!) as string[]);
    for (const entry of entries) {
      for (const options of overrides.map((command) => nodeOptionsOf(command, entry)).filter(Boolean)) assert.deepEqual(options, [...SERVER_NODE_FLAGS], entry);
    }
  });

  test('npm start runs the gateway with them', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    assert.deepEqual(nodeOptionsOf(scripts.start!.split(' '), GATEWAY_ENTRY), [...SERVER_NODE_FLAGS]);
  });
});
