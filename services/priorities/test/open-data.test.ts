// The open agenda (issue 23, docs/open-data.md) on both run profiles: a snapshot holds the ranking
// exactly as GET /api/priorities gives it at that instant and one leaf per counted vote; anyone reads
// it without signing in (JSON with the leaves, CSV of the list, immutable caching); open-data:verify's
// check passes on it and fails on one changed tally or leaf; a voter's receipt verifies against the
// published root in Node (the browser's check is test/browser/open-data.test.ts); a changed vote gets
// a new nonce and is pending until the next snapshot; the schedule takes one snapshot per slot and
// keeps OPEN_DATA_KEEP_SNAPSHOTS; only administrators take one on request.
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import {
  fromHex,
  hashLeaf,
  rootFromAuditPath,
  type Sha256,
  type TPriority,
  type TSnapshot,
  type TSnapshotList,
  type TSnapshotPriority,
  type TSnapshotSummary,
  type TVoteReceipt,
  toHex,
  voteLeaf,
  ZSnapshot,
  ZSnapshotList,
  ZVoteReceipt,
} from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { verifySnapshot } from '../../../scripts/open-data/verify-snapshot.ts';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { SteppingClock } from '../../../test/support/stepping-clock.ts';
import { prioritiesJobsOf } from '../src/app.ts';
import { insertVotes, type SeededVote } from './support/open-data-helpers.ts';
import {
  createPriority,
  listPriorities,
  openPrioritiesTables,
  pollUntil,
  removeVote,
  sessionFor,
  setSetting,
  signInCitizen,
  TEST_ENV,
  vote,
  type Citizen,
} from './support/priorities-helpers.ts';

const HOUR = 3_600_000;
const sha256: Sha256 = (data) => createHash('sha256').update(data).digest();

/** Is the receipt's leaf index in the published range of its priority's votes of its type (endorse leaves first)? */
function inTypeRange(receipt: Extract<TVoteReceipt, { status: 'counted' }>, line: TSnapshotPriority): boolean {
  const endorseEnd = line.firstLeaf + line.endorsements;
  const [first, end] = receipt.voteType === 'endorse' ? [line.firstLeaf, endorseEnd] : [endorseEnd, endorseEnd + line.oppositions];
  return receipt.leafIndex >= first && receipt.leafIndex < end;
}

/** Does the receipt's audit path lead from its leaf (recomputed from the nonce) to its root? */
async function receiptVerifies(receipt: Extract<TVoteReceipt, { status: 'counted' }>): Promise<boolean> {
  const leaf = await voteLeaf(sha256, fromHex(receipt.receiptNonce), receipt.priorityId, receipt.voteType);
  if (toHex(leaf) !== receipt.leaf) return false;
  const root = await rootFromAuditPath(sha256, receipt.leafIndex, receipt.treeSize, await hashLeaf(sha256, leaf), receipt.auditPath.map(fromHex));
  return root !== null && toHex(root) === receipt.root;
}

for (const { profile, skip } of await profilePlan()) {
  describe(`open agenda snapshots and receipts (${profile})`, { skip }, () => {
    // Ten minutes into the next hour, so the hourly slot cannot change under a test; time moves on as usual.
    const clock = new SteppingClock();
    const stack = useStack(profile, {
      services: ['auth', 'account', 'ledger', 'priorities'],
      env: { ...TEST_ENV, OPEN_DATA_SNAPSHOT_MS: String(HOUR), OPEN_DATA_KEEP_SNAPSHOTS: '3' },
      clock,
    });
    let tables: SqlDriver;
    let author: Citizen;
    let voters: Citizen[];
    let admin: ApiClient;
    let priorities: TPriority[];

    const anonymous = () => stack.client();
    const takeSnapshot = async (): Promise<TSnapshotSummary> => {
      const response = await admin.post<TSnapshotSummary>('/api/admin/open-data/snapshots');
      assert.equal(response.status, 200, response.text);
      return response.body;
    };
    const readSnapshot = async (id: string): Promise<TSnapshot> => {
      const response = await anonymous().get(`/api/open-data/snapshots/${id}`);
      assert.equal(response.status, 200, response.text);
      return ZSnapshot.parse(response.body);
    };
    const receiptOf = async (client: ApiClient, priorityId: string): Promise<TVoteReceipt> => {
      const response = await client.get(`/api/priorities/${priorityId}/vote/receipt`);
      assert.equal(response.status, 200, response.text);
      return ZVoteReceipt.parse(response.body);
    };
    const snapshotCount = async () => Number((await tables.query<{ n: number }>('SELECT count(*)::int AS n FROM priorities.open_data_snapshots'))[0]!.n);

    before(async () => {
      const now = clock.now().getTime();
      clock.skip(Math.floor(now / HOUR) * HOUR + HOUR + 10 * 60_000 - now);
      const platform = stack.platforms.priorities!;
      setSetting([platform], 'max_priorities_per_user_per_day', '1000');
      setSetting([platform], 'vote_change_cooldown_hours', '0');
      setSetting([platform], 'min_endorsements_for_ranking', '2');
      tables = await openPrioritiesTables(stack);
      author = await signInCitizen(stack, 'Open', 'Author');
      voters = [];
      for (const name of ['Ana', 'Ben', 'Cleo']) voters.push(await signInCitizen(stack, name, 'Voter'));
      admin = await sessionFor(stack, randomUUID(), { isAdmin: true });
      priorities = [];
      for (const title of ['Open data first', 'Open data second', 'Open data third']) priorities.push(await createPriority(author.client, { title }));
      // First: 3 endorsements (ranked); second: 2 endorsements, 1 opposition (ranked); third: 1 opposition.
      const [a, b, c] = priorities.map((p) => p.id) as [string, string, string];
      const plan: [number, string, 'endorse' | 'oppose'][] = [
        [0, a, 'endorse'],
        [1, a, 'endorse'],
        [2, a, 'endorse'],
        [0, b, 'endorse'],
        [1, b, 'endorse'],
        [2, b, 'oppose'],
        [0, c, 'oppose'],
      ];
      for (const [voter, id, type] of plan) assert.equal((await vote(voters[voter]!.client, id, type)).status, 200);
    });

    test('a snapshot is the ranking of that instant with one leaf per vote, public, and verifies', async () => {
      const summary = await takeSnapshot();
      assert.equal(summary.trigger, 'admin');
      const live = (await listPriorities(voters[0]!.client, '?limit=200')).body;
      const published = await readSnapshot(summary.id);
      // SECURITY 31: open data names no citizen at all (so no private one): no author, no voter, by id or name.
      const raw = (await anonymous().get(`/api/open-data/snapshots/${summary.id}`)).text;
      for (const citizen of [author, ...voters]) {
        assert.ok(!raw.includes(citizen.id), `${citizen.firstName}'s id is not published`);
        assert.ok(!raw.includes(`${citizen.firstName} ${citizen.lastName}`) && !raw.includes(citizen.lastName), `${citizen.firstName} is not named`);
      }
      // The list as GET /api/priorities orders and ranks it (nothing was promoted: score = endorsements - oppositions).
      assert.deepEqual(
        published.priorities.map((p) => [p.id, p.rank, p.endorsements, p.oppositions, p.score]),
        live.map((p) => [p.id, p.rank, p.endorsements, p.oppositions, p.endorsements - p.oppositions]),
      );
      const mine = published.leaves.filter((entry) => priorities.some((p) => p.id === entry.priorityId));
      assert.deepEqual(
        mine.map((entry) => [entry.priorityId, entry.endorse.length, entry.oppose.length]).sort(),
        [
          [priorities[0]!.id, 3, 0],
          [priorities[1]!.id, 2, 1],
          [priorities[2]!.id, 0, 1],
        ].sort(),
      );
      assert.equal(
        published.treeSize,
        published.leaves.reduce((n, e) => n + e.endorse.length + e.oppose.length, 0),
      );
      assert.equal(published.root, summary.root);

      const checked = await verifySnapshot(published);
      assert.deepEqual(checked.problems, []);
      assert.equal(checked.root, summary.root);

      // One changed tally, one changed leaf: both found.
      const tally = structuredClone(published);
      tally.priorities.find((p) => p.id === priorities[0]!.id)!.endorsements += 1;
      assert.ok((await verifySnapshot(tally)).problems.some((line) => line.includes('endorsements published')));
      const leaf = structuredClone(published);
      const entry = leaf.leaves.find((e) => e.priorityId === priorities[0]!.id)!;
      entry.endorse[0] = `${entry.endorse[0]!.slice(0, -1)}${entry.endorse[0]!.endsWith('0') ? '1' : '0'}`;
      const changed = await verifySnapshot(leaf);
      assert.equal(changed.ok, false);
      assert.ok(changed.problems.some((line) => line.startsWith('root ')));
      // A leaf moved from endorse to oppose, the tallies moved with it: the tree groups a priority's
      // leaves by type, so the leaf's place changes and the root does not match.
      const relabelled = structuredClone(published);
      const second = relabelled.leaves.find((e) => e.priorityId === priorities[1]!.id)!;
      const smallest = [...second.endorse].sort()[0]!;
      second.endorse = second.endorse.filter((l) => l !== smallest);
      second.oppose.push(smallest);
      const line = relabelled.priorities.find((p) => p.id === priorities[1]!.id)!;
      [line.endorsements, line.oppositions] = [line.endorsements - 1, line.oppositions + 1];
      assert.ok((await verifySnapshot(relabelled)).problems.some((problem) => problem.startsWith('root ')));
      // A moved range: the first leaf each priority publishes is where its leaves start in the tree.
      const moved = structuredClone(published);
      moved.priorities.find((p) => p.id === priorities[0]!.id)!.firstLeaf += 1;
      assert.ok((await verifySnapshot(moved)).problems.some((problem) => problem.includes('first leaf')));
      // A priority's leaves split over two entries (some would count in the root but not in its tally).
      const split = structuredClone(published);
      const whole = split.leaves.find((e) => e.priorityId === priorities[0]!.id)!;
      split.leaves.splice(split.leaves.indexOf(whole) + 1, 0, { priorityId: whole.priorityId, endorse: whole.endorse.splice(0, 1), oppose: [] });
      assert.ok((await verifySnapshot(split)).problems.some((line) => line.includes('more than one entry of leaves')));

      // Listed for anyone, newest first; immutable; CSV of the list.
      const list = await anonymous().get<TSnapshotList>('/api/open-data/snapshots');
      assert.equal(list.status, 200);
      assert.equal(ZSnapshotList.parse(list.body).snapshots[0]!.id, summary.id);
      const json = await anonymous().get(`/api/open-data/snapshots/${summary.id}`);
      assert.match(json.headers.get('cache-control') ?? '', /immutable/);
      const etag = json.headers.get('etag')!;
      assert.equal((await anonymous().request('GET', `/api/open-data/snapshots/${summary.id}`, { headers: { 'if-none-match': etag } })).status, 304);
      const csv = await anonymous().get(`/api/open-data/snapshots/${summary.id}?format=csv`);
      assert.equal(csv.status, 200);
      assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
      const lines = csv.text.trimEnd().split('\r\n');
      assert.equal(lines[0], 'rank,id,title,issueId,category,endorsements,oppositions,promotionBoost,score,createdAt,firstLeaf');
      assert.equal(lines.length, published.priorities.length + 1);
      assert.ok(lines.some((line) => line.startsWith(`1,`) || line.includes(priorities[0]!.id)));
      assert.equal((await anonymous().get(`/api/open-data/snapshots/${randomUUID()}`)).status, 404);
      assert.equal((await anonymous().get('/api/open-data/snapshots/not-a-uuid')).status, 404);
      assert.equal((await anonymous().get(`/api/open-data/snapshots/${summary.id}?format=xml`)).status, 400);

      // The database refuses a published line whose tallies are not its leaves' counts (the range a
      // voter checks is firstLeaf + endorsements).
      await assert.rejects(
        tables.query(
          `INSERT INTO priorities.open_data_snapshot_priorities
             (snapshot_id, position, priority_id, title, endorsements, oppositions, promotion_boost, score, created_at, first_leaf, leaf_count, endorse_leaves)
           VALUES ($1::uuid, 10000, $2::uuid, 'Drifted', 3, 1, 0, 2, now(), 0, 4, 2)`,
          [summary.id, randomUUID()],
        ),
        /endorse_leaves|check/i,
      );

      // One priority's line, for anyone: what the browser checks a receipt's place against.
      const lineOf = (snapshotId: string, priorityId: string) => anonymous().get(`/api/open-data/snapshots/${snapshotId}/priorities/${priorityId}`);
      const first = await lineOf(summary.id, priorities[1]!.id);
      assert.equal(first.status, 200, first.text);
      assert.deepEqual(
        first.body,
        published.priorities.find((p) => p.id === priorities[1]!.id),
      );
      assert.match(first.headers.get('cache-control') ?? '', /immutable/);
      const unknownPriority = await lineOf(summary.id, randomUUID());
      assert.deepEqual([unknownPriority.status, unknownPriority.body.message], [404, 'This snapshot does not list that priority']);
      assert.deepEqual([(await lineOf(summary.id, 'nope')).status, (await lineOf(randomUUID(), priorities[1]!.id)).body.message], [404, 'Snapshot not found']);
    });

    test("a voter's receipt leads to the published root; a changed vote is pending until the next snapshot", async () => {
      const [voter] = voters as [Citizen];
      const id = priorities[0]!.id;
      const summary = await takeSnapshot();
      const receipt = await receiptOf(voter.client, id);
      assert.equal(receipt.status, 'counted');
      assert.ok(receipt.status === 'counted' && (await receiptVerifies(receipt)));
      assert.equal(receipt.status === 'counted' && receipt.snapshotId, summary.id);
      // The leaf is in the published document, under its vote type.
      const published = await readSnapshot(summary.id);
      assert.ok(published.leaves.find((e) => e.priorityId === id)!.endorse.includes(receipt.leaf));
      assert.ok(receipt.status === 'counted' && inTypeRange(receipt, published.priorities.find((p) => p.id === id)!));

      // A snapshot of the first tree order (by priority, then leaf: taken before types were bound) still
      // places its receipts; this priority's leaves are all endorsements, so both orders agree on it.
      await tables.query(`UPDATE priorities.open_data_snapshots SET leaf_order = 'priority,leaf' WHERE id = $1::uuid;`, [summary.id]);
      await tables.query('UPDATE priorities.open_data_snapshot_priorities SET endorse_leaves = NULL WHERE snapshot_id = $1::uuid', [summary.id]);
      const legacy = await receiptOf(voter.client, id);
      assert.ok(legacy.status === 'counted' && legacy.leafIndex === receipt.leafIndex && (await receiptVerifies(legacy)));

      // A switch: a new nonce, so a new leaf; pending until a snapshot holds it.
      assert.equal((await vote(voter.client, id, 'oppose')).status, 200);
      const pending = await receiptOf(voter.client, id);
      assert.equal(pending.status, 'pending');
      assert.notEqual(pending.receiptNonce, receipt.receiptNonce);
      assert.equal(pending.status === 'pending' && pending.lastSnapshotAt, summary.takenAt);
      assert.ok(pending.status === 'pending' && Date.parse(pending.nextSnapshotAt) > clock.now().getTime());
      const next = await takeSnapshot();
      const counted = await receiptOf(voter.client, id);
      assert.ok(counted.status === 'counted' && counted.snapshotId === next.id && (await receiptVerifies(counted)));
      const after = await readSnapshot(next.id);
      const leaves = after.leaves.find((e) => e.priorityId === id)!;
      assert.ok(leaves.oppose.includes(counted.leaf));
      assert.ok(counted.status === 'counted' && inTypeRange(counted, after.priorities.find((p) => p.id === id)!), 'among the oppose leaves');
      assert.ok(!leaves.endorse.includes(receipt.leaf), 'the old leaf left the snapshot');

      // A removed vote has no receipt; someone who never voted neither; signed out is 401.
      assert.equal((await removeVote(voter.client, id)).status, 200);
      const none = await voter.client.get(`/api/priorities/${id}/vote/receipt`);
      assert.equal(none.status, 404);
      assert.equal(none.body.message, 'You have not voted on this priority');
      assert.equal((await author.client.get(`/api/priorities/${id}/vote/receipt`)).status, 404);
      assert.equal((await anonymous().get(`/api/priorities/${id}/vote/receipt`)).status, 401);
      assert.equal((await voter.client.get(`/api/priorities/${randomUUID()}/vote/receipt`)).status, 404);
      // The export carries the receipts of the votes that remain.
      assert.equal((await vote(voter.client, id, 'endorse')).status, 200);
      const exported = await voter.client.get('/api/account/export');
      if (exported.status === 200) {
        const votes = exported.body.priorities.votes as { priorityId: string; receiptNonce: string; leaf: string }[];
        const current = await receiptOf(voter.client, id);
        assert.ok(votes.some((v) => v.priorityId === id && v.receiptNonce === current.receiptNonce && v.leaf === current.leaf));
      }
    });

    test('a snapshot of leaves spanning several chunks verifies, and receipts across chunk edges do too', async () => {
      // 700 votes written directly (as bench/seed-priorities.ts does) on two new priorities: past
      // CHUNK_SIZE (64) many times, so the tree is built from several chunk rows and their roots.
      const [x, y] = [
        await createPriority(author.client, { title: 'Open data many votes one' }),
        await createPriority(author.client, { title: 'Open data many votes two' }),
      ];
      const users: SeededVote[] = [];
      for (let i = 0; i < 700; i++) users.push({ id: randomUUID(), priority: i < 450 ? x.id : y.id, type: i % 3 === 0 ? 'oppose' : 'endorse' });
      await insertVotes(tables, users);
      const summary = await takeSnapshot();
      const published = await readSnapshot(summary.id);
      assert.ok(published.treeSize > 700);
      assert.deepEqual((await verifySnapshot(published)).problems, []);
      // Receipts of the votes at the edges of the tree's chunks and of each (priority, type) range, and a
      // spread of others: each is found by the binary search over its type's chunks.
      const edgeLeaves = [x.id, y.id].flatMap((id) => {
        const line = published.priorities.find((p) => p.id === id)!;
        const entry = published.leaves.find((e) => e.priorityId === id)!;
        const inTree = [...[...entry.endorse].sort(), ...[...entry.oppose].sort()];
        const rangeEdges = [0, entry.endorse.length - 1, entry.endorse.length, inTree.length - 1];
        return inTree.filter((_, i) => rangeEdges.includes(i) || [0, 1, 63].includes((line.firstLeaf + i) % 64));
      });
      const atEdges = await tables.query<{ user_id: string }>(
        'SELECT user_id FROM priorities.votes WHERE leaf IN (SELECT decode(h, $2) FROM unnest($1::text[]) AS h)',
        [edgeLeaves, 'hex'],
      );
      assert.equal(atEdges.length, new Set(edgeLeaves).size);
      const edgeUsers = new Set(atEdges.map((row) => row.user_id));
      const sample = users.filter((user, i) => edgeUsers.has(user.id) || i % 29 === 5);
      for (const user of sample) {
        const receipt = await receiptOf(await sessionFor(stack, user.id), user.priority);
        assert.ok(receipt.status === 'counted' && (await receiptVerifies(receipt)), `receipt of ${user.id}`);
        assert.ok(published.leaves.find((e) => e.priorityId === user.priority)![user.type].includes(receipt.leaf));
        assert.ok(receipt.status === 'counted' && inTypeRange(receipt, published.priorities.find((p) => p.id === user.priority)!), `range of ${user.id}`);
      }
    });

    test("erasure removes a citizen's nonces: their published leaves stay in the snapshot, linked to no one", async () => {
      const leaving = voters[2]!;
      const summary = await takeSnapshot();
      const receipt = await receiptOf(leaving.client, priorities[0]!.id);
      assert.equal(receipt.status, 'counted');
      const deleted = await leaving.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
      assert.equal(deleted.status, 200, deleted.text);
      await pollUntil(
        () => tables.query<{ n: number }>('SELECT count(*)::int AS n FROM priorities.votes WHERE user_id = $1::uuid', [leaving.id]),
        ([row]) => Number(row!.n) === 0,
      );
      // Nothing left can open the leaf: no vote row holds its nonce or the leaf itself.
      const linked = await tables.query('SELECT 1 FROM priorities.votes WHERE receipt_nonce = $1::bytea OR leaf = $2::bytea', [
        Buffer.from(receipt.receiptNonce, 'hex'),
        Buffer.from(receipt.leaf, 'hex'),
      ]);
      assert.equal(linked.length, 0);
      // The published snapshot is immutable: the leaf is still counted there.
      assert.ok((await readSnapshot(summary.id)).leaves.find((e) => e.priorityId === priorities[0]!.id)!.endorse.includes(receipt.leaf));
    });

    test('only administrators take a snapshot on request, one at a time', async () => {
      assert.equal((await voters[1]!.client.post('/api/admin/open-data/snapshots')).status, 403);
      assert.equal((await anonymous().post('/api/admin/open-data/snapshots')).status, 401);
      // Another process taking one holds the snapshot lock (class 'PRI3'): 409 with a message, nothing written.
      if (profile !== 'distributed') return; // PGlite has one connection: nothing else can hold the lock.
      const before = await snapshotCount();
      await tables.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1::int, 0)', [0x50524933]);
        const refused = await admin.post('/api/admin/open-data/snapshots');
        assert.equal(refused.status, 409);
        assert.equal(refused.body.message, 'A snapshot is being taken; try again in a moment');
      });
      assert.equal(await snapshotCount(), before);
    });

    test('the schedule takes one snapshot per slot and keeps the newest OPEN_DATA_KEEP_SNAPSHOTS', async () => {
      const job = prioritiesJobsOf(stack.platforms.priorities!)!.openDataSnapshot;
      const latestTrigger = async () =>
        (await tables.query<{ trigger: string }>('SELECT trigger FROM priorities.open_data_snapshots ORDER BY taken_at DESC, id DESC LIMIT 1'))[0]?.trigger;
      // This slot already has the administrator's snapshots: the schedule takes none.
      const before = await snapshotCount();
      await job.runNow();
      assert.equal(await snapshotCount(), before);
      assert.equal(await latestTrigger(), 'admin');
      // The next slot: one, however often the job runs; the retention keeps 3.
      clock.skip(HOUR);
      await job.runNow();
      await job.runNow();
      assert.equal(await latestTrigger(), 'schedule');
      assert.equal(await snapshotCount(), 3);
      const scheduled = await tables.query<{ n: number }>("SELECT count(*)::int AS n FROM priorities.open_data_snapshots WHERE trigger = 'schedule'");
      assert.equal(Number(scheduled[0]!.n), 1);
      const list = ZSnapshotList.parse((await anonymous().get('/api/open-data/snapshots?limit=2')).body);
      assert.equal(list.snapshots.length, 2);
      assert.equal(list.snapshots[0]!.trigger, 'schedule');
      const older = ZSnapshotList.parse((await anonymous().get(`/api/open-data/snapshots?before=${encodeURIComponent(list.snapshots[1]!.takenAt)}`)).body);
      assert.equal(older.snapshots.length, 1);
    });
  });
}
