// The roster (@civic/roster) against what it names: each line's package is the workspace of that
// name and exports its definition, what it consumes is what its sources subscribe to, every
// producer of contracts/' events, owner of an operation and caller of a request is a roster service,
// and the front-end areas are the folders that build a remote.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as contracts from '@civic/contracts';
import { FRONTEND_AREAS, FRONTEND_SHELL, SERVICE_NAMES, SERVICE_ROSTER, serviceDir } from '@civic/roster';
import { EMBEDDED_SERVICES } from '../gateway/src/services.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

test('names and ports are unique; each package is the workspace services/<name> and exports <name>Service', () => {
  assert.equal(new Set(SERVICE_NAMES).size, SERVICE_NAMES.length);
  assert.equal(new Set(SERVICE_ROSTER.map((s) => s.port)).size, SERVICE_ROSTER.length);
  for (const entry of SERVICE_ROSTER) {
    assert.equal((JSON.parse(read(`${serviceDir(entry)}/package.json`)) as { name: string }).name, entry.package, entry.name);
  }
  assert.deepEqual(
    EMBEDDED_SERVICES.map((s) => s.name),
    SERVICE_NAMES,
  );
  const folders = readdirSync(join(ROOT, 'services')).filter((dir) => dir !== 'kit' && existsSync(join(ROOT, 'services', dir, 'package.json')));
  assert.deepEqual(folders.sort(), [...SERVICE_NAMES].sort(), 'every service folder has its roster line');
});

function sourcesOf(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourcesOf(path);
    return entry.name.endsWith('.ts') ? [read(path)] : [];
  });
}

test('what a service consumes is the producers it subscribes to', () => {
  for (const entry of SERVICE_ROSTER) {
    const sources = sourcesOf(`${serviceDir(entry)}/src`);
    const subscriptions = sources.flatMap((source) => [...source.matchAll(/subscription\(\s*([a-z]+)Events\./g)]);
    const producers = new Set(subscriptions.map((m) => m[1]!));
    // A declared erasure is the kit's subscription to account's civic.account.user.deleted (service-parts.ts).
    if (sources.some((source) => /dataRights:[\s\S]*?\berase:/.test(source))) producers.add('account');
    assert.deepEqual([...entry.consumes].sort(), [...producers].sort(), entry.name);
  }
});

test("every event's producer, operation's owner and request's caller is a roster service", () => {
  const isEvent = (value: unknown): value is contracts.EventDefinition =>
    typeof value === 'object' && value !== null && typeof (value as contracts.EventDefinition).subject === 'string' && 'schema' in value;
  const events = Object.values(contracts)
    .flatMap((value) => (typeof value === 'object' && value !== null ? Object.values(value) : []))
    .filter(isEvent);
  assert.ok(events.length > 20, 'the contracts export their events');
  const names = new Set<string>(SERVICE_NAMES);
  for (const event of events) assert.ok(names.has(contracts.producerOf(event.subject)), event.subject);
  for (const operation of contracts.ALL_OPERATIONS) assert.ok(names.has(operation.owner), `${operation.method} ${operation.path}: owner ${operation.owner}`);
  for (const request of contracts.ALL_REQUESTS) for (const caller of request.callers) assert.ok(names.has(caller), `${request.subject}: caller ${caller}`);
});

test('the areas are the front-end folders that build a remote, beside the shell and the kit', () => {
  const remotes = readdirSync(join(ROOT, 'frontends')).filter((dir) => existsSync(join(ROOT, 'frontends', dir, 'webpack.config.mjs')));
  assert.deepEqual(remotes.sort(), [...FRONTEND_AREAS, FRONTEND_SHELL, 'kit'].sort());
});
