// The deployed NATS configuration (infra/nats/) is parsed by a real nats-server, with the
// authorization file `setup:distributed --write-server-auth` generates. Our machines run NATS 2.9,
// which does not know JetStream's sync_interval (2.10+): the whole configuration must parse except for
// exactly that one line, and must parse once it is taken out (issue 15 item 5, SECURITY 22).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { generateCredentials } from '../infra/network-credentials.ts';
import { writeServerAuth } from '../infra/setup-distributed.ts';

const NATS_DIR = new URL('../infra/nats/', import.meta.url).pathname;
const SYNC_LINE = /^\s*sync_interval:\s*always\s*$/m;

function checkConfig(file: string): { ok: boolean; output: string } {
  const result = spawnSync(process.env.NATS_SERVER_BIN ?? 'nats-server', ['-t', '-c', file], { encoding: 'utf8' });
  if (result.error) throw result.error;
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

test('the deployed NATS configuration parses with a real server; its only complaint on 2.9 is sync_interval, which it keeps', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'civic-nats-config-'));
  try {
    for (const file of ['nats-server.conf', 'jetstream.conf']) await copyFile(join(NATS_DIR, file), join(dir, file));
    writeServerAuth(dir, { ...generateCredentials() });
    const jetstream = await readFile(join(dir, 'jetstream.conf'), 'utf8');
    assert.match(jetstream, SYNC_LINE, 'every write is synced before it is acknowledged');

    const deployed = checkConfig(join(dir, 'nats-server.conf'));
    if (!deployed.ok) {
      // NATS 2.9: the one field it does not know, and nothing else.
      const complaints = deployed.output.split('\n').filter((line) => line.includes('nats-server:'));
      assert.equal(complaints.length, 1, deployed.output);
      assert.match(complaints[0]!, /jetstream\.conf:\d+:\d+: unknown field "sync_interval"/);
    }

    await writeFile(join(dir, 'jetstream.conf'), jetstream.replace(SYNC_LINE, ''));
    const withoutSync = checkConfig(join(dir, 'nats-server.conf'));
    assert.ok(withoutSync.ok, withoutSync.output);
    assert.match(withoutSync.output, /is valid/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the check itself tells a broken file from a valid one', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'civic-nats-config-'));
  try {
    await writeFile(join(dir, 'broken.conf'), 'port: 4222\njetstream {\n  store_dir: /tmp/x\n');
    assert.equal(checkConfig(join(dir, 'broken.conf')).ok, false);
    await writeFile(join(dir, 'missing-include.conf'), 'port: 4222\ninclude ./nowhere.conf\n');
    assert.match(checkConfig(join(dir, 'missing-include.conf')).output, /nowhere\.conf/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
