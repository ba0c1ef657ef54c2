// What `npm run open-data:verify` checks (issue 23, docs/open-data.md), on a snapshot document as
// GET /api/open-data/snapshots/{id} publishes it, trusting nothing the server computed:
// - each priority's tallies are its endorse and oppose leaves counted; its score is recomputed;
// - the ranks and the list order are recomputed from those with the ranking rules
//   (services/priorities/src/domain/ranking.ts, the version the snapshot names);
// - the root is recomputed over every leaf (RFC 6962, contracts/src/shared/open-data/merkle.ts), in the tree
//   order the snapshot names (by priority id, then type, then leaf bytes; the first snapshots: by
//   priority id, then leaf bytes), and the tree size and totals compared;
// - each priority's firstLeaf is where its leaves start in that order, so the endorse and oppose ranges
//   a voter checks a receipt's leaf index against ("Verify my vote") are the ones the root binds.
import { createHash } from 'node:crypto';
import {
  fromHex,
  hashLeaf,
  leafOrderAccepted,
  PRIORITY_LEAF_ORDER_ENDED,
  rootOfLeafHashes,
  type Sha256,
  type TSnapshotLeaves,
  toHex,
  ZSnapshot,
  ZSnapshotPriority,
} from '@civic/contracts';
import { z } from 'zod';
import { RANKING_VERSION, rankPriorities, scoreOf } from '../../services/priorities/src/domain/ranking.ts';

const sha256: Sha256 = (data) => createHash('sha256').update(data).digest();

/**
 * A snapshot document as published now, or as the first snapshots were published and saved: without
 * leafOrder (then 'priority,leaf') and without each priority's firstLeaf (then not checked).
 */
const ZVerifiableSnapshot = ZSnapshot.extend({
  leafOrder: ZSnapshot.shape.leafOrder.default('priority,leaf'),
  priorities: z.array(ZSnapshotPriority.extend({ firstLeaf: ZSnapshotPriority.shape.firstLeaf.optional() })),
});

export interface Verification {
  ok: boolean;
  /** What does not match, one line each (empty when ok). */
  problems: string[];
  /** The root recomputed from the leaves. */
  root: string;
  treeSize: number;
}

const compareBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function verifySnapshot(input: unknown): Promise<Verification> {
  const parsed = ZVerifiableSnapshot.safeParse(input);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => `not a snapshot document: ${i.path.join('.')}: ${i.message}`), root: '', treeSize: 0 };
  }
  const snapshot = parsed.data;
  const problems: string[] = [];
  if (!leafOrderAccepted(snapshot.leafOrder, snapshot.takenAt))
    problems.push(
      `leaf order ${snapshot.leafOrder} for a snapshot taken at ${snapshot.takenAt}: since ${PRIORITY_LEAF_ORDER_ENDED} every snapshot orders by type`,
    );
  if (snapshot.rankingVersion !== RANKING_VERSION) problems.push(`ranking version ${snapshot.rankingVersion}: this verifier knows version ${RANKING_VERSION}`);

  // Each priority once in the list and once in the leaves, each leaf once, the leaves in tree order:
  // a second entry for a priority would otherwise count in the root but not in its tally.
  const duplicates = (ids: readonly string[]) => {
    // A Set, not indexOf: a snapshot lists every priority (50,000 in the benchmark).
    const seen = new Set<string>();
    return ids.filter((id) => seen.has(id) || !seen.add(id));
  };
  for (const id of new Set(duplicates(snapshot.priorities.map((p) => p.id)))) problems.push(`${id} is listed more than once`);
  for (const id of new Set(duplicates(snapshot.leaves.map((e) => e.priorityId)))) problems.push(`${id} has more than one entry of leaves`);
  const allLeaves = snapshot.leaves.flatMap((e) => [...e.endorse, ...e.oppose]);
  if (new Set(allLeaves).size !== allLeaves.length) problems.push('a leaf is published more than once');
  snapshot.leaves.forEach((entry, i) => {
    if (i > 0 && compareBytes(snapshot.leaves[i - 1]!.priorityId.toLowerCase(), entry.priorityId.toLowerCase()) >= 0)
      problems.push(`the leaves of ${entry.priorityId} are not in tree order (by priority id)`);
  });

  // Tallies from the leaves.
  const leavesOf = new Map(snapshot.leaves.map((entry) => [entry.priorityId, entry]));
  const listed = new Set(snapshot.priorities.map((p) => p.id));
  for (const entry of snapshot.leaves) if (!listed.has(entry.priorityId)) problems.push(`leaves of ${entry.priorityId}, which the list does not hold`);
  for (const p of snapshot.priorities) {
    const leaves = leavesOf.get(p.id);
    const [endorsements, oppositions] = [leaves?.endorse.length ?? 0, leaves?.oppose.length ?? 0];
    if (endorsements !== p.endorsements) problems.push(`${p.id}: ${p.endorsements} endorsements published, ${endorsements} endorse leaves`);
    if (oppositions !== p.oppositions) problems.push(`${p.id}: ${p.oppositions} oppositions published, ${oppositions} oppose leaves`);
    const score = scoreOf({ endorsements, oppositions, promotionBoost: p.promotionBoost });
    if (score !== p.score) problems.push(`${p.id}: score ${p.score} published, ${score} recomputed`);
  }

  // Ranks and order from the recomputed tallies.
  const recomputed = rankPriorities(
    snapshot.priorities.map((p) => ({
      id: p.id,
      endorsements: leavesOf.get(p.id)?.endorse.length ?? 0,
      oppositions: leavesOf.get(p.id)?.oppose.length ?? 0,
      promotionBoost: p.promotionBoost,
      createdAt: Date.parse(p.createdAt),
    })),
    snapshot.minEndorsementsForRanking,
  );
  recomputed.forEach((expected, i) => {
    const published = snapshot.priorities[i]!;
    if (published.id !== expected.id) problems.push(`place ${i + 1}: ${published.id} published, ${expected.id} recomputed`);
    else if (published.rank !== expected.rank) problems.push(`${published.id}: rank ${published.rank} published, ${expected.rank} recomputed`);
  });

  // The root over every leaf in tree order, and where each priority's leaves start in it.
  const ordered = [...snapshot.leaves].sort((a, b) => compareBytes(a.priorityId.toLowerCase(), b.priorityId.toLowerCase()));
  const inTreeOrder = (entry: TSnapshotLeaves) =>
    snapshot.leafOrder === 'priority,type,leaf'
      ? [...[...entry.endorse].sort(compareBytes), ...[...entry.oppose].sort(compareBytes)]
      : [...entry.endorse, ...entry.oppose].sort(compareBytes);
  const leafHashes: Uint8Array[] = [];
  const firstLeafOf = new Map<string, number>();
  let [endorse, oppose] = [0, 0];
  for (const entry of ordered) {
    firstLeafOf.set(entry.priorityId, leafHashes.length);
    endorse += entry.endorse.length;
    oppose += entry.oppose.length;
    for (const leaf of inTreeOrder(entry)) leafHashes.push(await hashLeaf(sha256, fromHex(leaf)));
  }
  // A priority without leaves starts where the next one by id does (the end of the tree after the last).
  const byId = [...snapshot.priorities].sort((a, b) => compareBytes(a.id.toLowerCase(), b.id.toLowerCase()));
  let next = leafHashes.length;
  for (const p of byId.reverse()) {
    const start = firstLeafOf.get(p.id) ?? next;
    if (p.firstLeaf !== undefined && p.firstLeaf !== start) problems.push(`${p.id}: first leaf ${p.firstLeaf} published, ${start} in tree order`);
    next = start;
  }
  const root = toHex(await rootOfLeafHashes(sha256, leafHashes));
  if (root !== snapshot.root) problems.push(`root ${snapshot.root} published, ${root} recomputed from the leaves`);
  if (leafHashes.length !== snapshot.treeSize) problems.push(`tree size ${snapshot.treeSize} published, ${leafHashes.length} leaves`);
  if (endorse !== snapshot.endorsements) problems.push(`${snapshot.endorsements} endorsements in all published, ${endorse} endorse leaves`);
  if (oppose !== snapshot.oppositions) problems.push(`${snapshot.oppositions} oppositions in all published, ${oppose} oppose leaves`);
  const inList = (key: 'endorsements' | 'oppositions') => snapshot.priorities.reduce((n, p) => n + p[key], 0);
  if (inList('endorsements') !== snapshot.endorsements)
    problems.push(`${snapshot.endorsements} endorsements in all published, ${inList('endorsements')} in the list`);
  if (inList('oppositions') !== snapshot.oppositions)
    problems.push(`${snapshot.oppositions} oppositions in all published, ${inList('oppositions')} in the list`);
  if (snapshot.priorities.length !== snapshot.priorityCount)
    problems.push(`${snapshot.priorityCount} priorities published, ${snapshot.priorities.length} listed`);
  return { ok: problems.length === 0, problems, root, treeSize: leafHashes.length };
}
