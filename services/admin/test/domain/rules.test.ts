// Pure rules of the admin service: per-key setting values, the hash chain and its canonical JSON, the
// audit date ranges, and the order in which a process applies published settings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PLATFORM_SETTING_DEFAULTS, PLATFORM_SETTING_RULES, settingValueProblem } from '@civic/contracts';
import { createInProcessSettings } from '@civic/service-kit';
import { canonicalJson, entryHash, GENESIS_HASH, type StoredEntry, verifyChain } from '../../src/audit/chain.ts';
import { dateRangeStart } from '../../src/audit/list-audit-logs.ts';

test('every default satisfies its own rule, and every key has one', () => {
  for (const d of PLATFORM_SETTING_DEFAULTS) assert.equal(settingValueProblem(d.key, d.value), null, d.key);
  assert.deepEqual(Object.keys(PLATFORM_SETTING_RULES).sort(), PLATFORM_SETTING_DEFAULTS.map((d) => d.key).sort());
});

test('setting values: booleans exactly true/false; whole numbers in digits within the bound', () => {
  assert.equal(settingValueProblem('registration_enabled', 'false'), null);
  for (const bad of ['TRUE', '1', '', ' true']) assert.equal(settingValueProblem('registration_enabled', bad), 'registration_enabled must be true or false');
  assert.equal(settingValueProblem('daily_login_bonus', '1000000'), null);
  for (const bad of ['1000001', '-1', '1e3', '0x10', ' 5', '5 ', '', '1.0', '99999999999999999999']) {
    assert.equal(settingValueProblem('daily_login_bonus', bad), 'daily_login_bonus must be a whole number from 0 to 1000000', JSON.stringify(bad));
  }
  assert.equal(settingValueProblem('__proto__', '1'), 'Unknown setting: __proto__');
});

test('canonical JSON sorts keys at every depth and drops undefined', () => {
  assert.equal(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: null }], c: 'x' }, z: undefined }), '{"a":{"c":"x","d":[2,{"e":null,"f":1}]},"b":1}');
});

const entry = (id: string, prevHash: string, details: object, seq: number): StoredEntry & { seq: bigint } => {
  const base = {
    id,
    adminRef: '00000000-0000-4000-8000-000000000001',
    action: 'update_setting',
    targetType: 'setting',
    targetId: 'k',
    details,
    createdAt: '2026-11-25T10:00:00.000Z',
    requestId: 'req-1',
  };
  return { ...base, prevHash, hash: entryHash(prevHash, base), seq: BigInt(seq) };
};

test('verifyChain names the first entry whose hash or link breaks, and the head', async () => {
  const a = entry('00000000-0000-4000-8000-00000000000a', GENESIS_HASH, { v: 1 }, 1);
  const b = entry('00000000-0000-4000-8000-00000000000b', a.hash, { v: 2 }, 2);
  const c = entry('00000000-0000-4000-8000-00000000000c', b.hash, { v: 3 }, 3);
  const reader = (rows: (StoredEntry & { seq: bigint })[]) => async (after: bigint | null) => rows.filter((r) => after === null || r.seq > after).slice(0, 2);
  assert.deepEqual(await verifyChain(reader([a, b, c])), { valid: true, entries: 3, headHash: c.hash, firstInvalidId: null });
  assert.deepEqual(await verifyChain(reader([])), { valid: true, entries: 0, headHash: null, firstInvalidId: null });
  assert.equal((await verifyChain(reader([a, { ...b, details: { v: 9 } }, c]))).firstInvalidId, b.id, 'content altered');
  assert.equal((await verifyChain(reader([a, c]))).firstInvalidId, c.id, 'an entry removed');
  const rechained = entry(b.id, a.hash, { v: 9 }, 2);
  assert.equal((await verifyChain(reader([a, rechained, c]))).firstInvalidId, c.id, 'an entry rewritten with a fresh hash breaks the next link');
});

test('date ranges: today from midnight UTC, week 7 days, month 30 days, quarter 3 months', () => {
  const now = new Date('2026-11-25T15:30:00.000Z');
  assert.equal(dateRangeStart('today', now).toISOString(), '2026-11-25T00:00:00.000Z');
  assert.equal(dateRangeStart('week', now).toISOString(), '2026-11-18T15:30:00.000Z');
  assert.equal(dateRangeStart('month', now).toISOString(), '2026-10-26T15:30:00.000Z');
  assert.equal(dateRangeStart('quarter', now).toISOString(), '2026-08-25T15:30:00.000Z');
});

test('a process applies a published setting only when its revision is newer; publish applies at once', async () => {
  const settings = createInProcessSettings();
  assert.equal(settings.get('daily_login_bonus'), '1');
  await settings.publish('daily_login_bonus', { value: '3', revision: 2 });
  assert.equal(settings.get('daily_login_bonus'), '3');
  await settings.publish('daily_login_bonus', { value: '2', revision: 1 });
  assert.equal(settings.get('daily_login_bonus'), '3', 'an older revision arriving late changes nothing');
  settings.set('daily_login_bonus', '7');
  await settings.publish('daily_login_bonus', { value: '3', revision: 2 });
  assert.equal(settings.get('daily_login_bonus'), '7', 'the same revision again keeps a test override');
  await settings.publish('daily_login_bonus', { value: '4', revision: 3 });
  assert.equal(settings.get('daily_login_bonus'), '4');
});
