// open-data:verify on documents built here, in both tree orders a snapshot can name: each verifies
// under its own order and not under the other (a priority holds votes of both types), and in the
// current order a leaf moved to the other type's list changes the root even when the tallies move too.
import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { hashLeaf, PRIORITY_LEAF_ORDER_ENDED, rootOfLeafHashes, type Sha256, type SnapshotLeafOrder, type TSnapshot, toHex, voteLeaf } from '@civic/contracts';
import { RANKING_VERSION, rankPriorities, scoreOf } from '../../services/priorities/src/domain/ranking.ts';
import { verifySnapshot } from './verify-snapshot.ts';

const sha256: Sha256 = (data) => createHash('sha256').update(data).digest();
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A snapshot document of three priorities (one without votes), with its leaves in `leafOrder`. */
async function documentIn(leafOrder: SnapshotLeafOrder): Promise<TSnapshot> {
  const plan = [
    { endorse: 5, oppose: 3 },
    { endorse: 0, oppose: 0 },
    { endorse: 2, oppose: 4 },
  ];
  const ids = plan.map(() => randomUUID()).sort(compare);
  const leaves = await Promise.all(
    plan.map(async (counts, i) => {
      const leafOf = async (type: 'endorse' | 'oppose') => toHex(await voteLeaf(sha256, new Uint8Array(randomBytes(32)), ids[i]!, type));
      const endorse = await Promise.all(Array.from({ length: counts.endorse }, () => leafOf('endorse')));
      const oppose = await Promise.all(Array.from({ length: counts.oppose }, () => leafOf('oppose')));
      return { priorityId: ids[i]!, endorse: endorse.sort(compare), oppose: oppose.sort(compare) };
    }),
  );
  const inTree = leaves.flatMap((entry) =>
    leafOrder === 'priority,type,leaf' ? [...entry.endorse, ...entry.oppose] : [...entry.endorse, ...entry.oppose].sort(compare),
  );
  const root = toHex(await rootOfLeafHashes(sha256, await Promise.all(inTree.map((leaf) => hashLeaf(sha256, Buffer.from(leaf, 'hex'))))));
  const firstLeaf = leaves.map((_, i) => leaves.slice(0, i).reduce((n, e) => n + e.endorse.length + e.oppose.length, 0));
  const ranked = rankPriorities(
    plan.map((counts, i) => ({ id: ids[i]!, endorsements: counts.endorse, oppositions: counts.oppose, promotionBoost: 0, createdAt: 1_000 + i })),
    1,
  );
  return {
    id: randomUUID(),
    takenAt: '2026-11-27T10:00:00.000Z',
    trigger: 'schedule',
    root,
    treeSize: inTree.length,
    priorityCount: plan.length,
    endorsements: 7,
    oppositions: 7,
    leafOrder,
    rankingVersion: RANKING_VERSION,
    minEndorsementsForRanking: 1,
    leafFormula: 'SHA-256(receiptNonce ‖ priorityId ‖ voteType)',
    priorities: ranked.map((p) => ({
      rank: p.rank,
      id: p.id,
      title: `Priority ${p.id.slice(0, 8)}`,
      issueId: null,
      category: null,
      endorsements: p.endorsements,
      oppositions: p.oppositions,
      promotionBoost: 0,
      score: scoreOf(p),
      createdAt: new Date(p.createdAt).toISOString(),
      firstLeaf: firstLeaf[ids.indexOf(p.id)]!,
    })),
    leaves: leaves.filter((entry) => entry.endorse.length + entry.oppose.length > 0),
  };
}

test('a document verifies in the tree order it names, and not in the other', async () => {
  for (const order of ['priority,type,leaf', 'priority,leaf'] as const) {
    const document = await documentIn(order);
    assert.deepEqual((await verifySnapshot(document)).problems, [], order);
    const other = order === 'priority,leaf' ? 'priority,type,leaf' : 'priority,leaf';
    // The two orders differ unless every priority's endorse leaves all sort before its oppose leaves
    // (random bytes: a 1 in 840 chance here, when there is nothing to tell apart).
    const sameOrder = document.leaves.every((e) => e.endorse.length === 0 || e.oppose.length === 0 || e.endorse.at(-1)! < e.oppose[0]!);
    const readAsOther = await verifySnapshot({ ...document, leafOrder: other });
    if (!sameOrder)
      assert.ok(
        readAsOther.problems.some((problem) => problem.startsWith('root ')),
        `${order} read as ${other}`,
      );
  }
});

test('a leaf moved to the other type changes the root; a first leaf out of place is named', async () => {
  const document = await documentIn('priority,type,leaf');
  const relabelled = structuredClone(document);
  const entry = relabelled.leaves[0]!;
  // The smallest endorse leaf moves behind the other four: its place in the tree changes.
  entry.oppose = [...entry.oppose, entry.endorse.shift()!].sort(compare);
  const line = relabelled.priorities.find((p) => p.id === entry.priorityId)!;
  Object.assign(line, { endorsements: line.endorsements - 1, oppositions: line.oppositions + 1, score: line.score - 2 });
  const result = await verifySnapshot({ ...relabelled, endorsements: 6, oppositions: 8 });
  assert.ok(
    result.problems.some((problem) => problem.startsWith('root ')),
    result.problems.join('\n'),
  );

  const empty = document.priorities.find((p) => p.endorsements + p.oppositions === 0)!;
  const moved = structuredClone(document);
  moved.priorities.find((p) => p.id === empty.id)!.firstLeaf += 1;
  assert.deepEqual((await verifySnapshot(moved)).problems, [`${empty.id}: first leaf ${empty.firstLeaf + 1} published, ${empty.firstLeaf} in tree order`]);
});

test('a document saved before leafOrder and firstLeaf were published verifies in the first order, until that order ended', async () => {
  const document = await documentIn('priority,leaf');
  const { leafOrder: _order, ...saved } = structuredClone(document);
  for (const p of saved.priorities) delete (p as Partial<typeof p>).firstLeaf;
  assert.deepEqual((await verifySnapshot(saved)).problems, []);
  // A snapshot taken since every snapshot orders by type may not name the first order.
  const late = await verifySnapshot({ ...document, takenAt: PRIORITY_LEAF_ORDER_ENDED });
  assert.deepEqual(late.problems, [
    `leaf order priority,leaf for a snapshot taken at ${PRIORITY_LEAF_ORDER_ENDED}: since ${PRIORITY_LEAF_ORDER_ENDED} every snapshot orders by type`,
  ]);
});
