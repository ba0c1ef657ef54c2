// The browser's receipt check (issue 23) on receipts built here with the contracts' RFC 6962 code, on
// Node's Web Crypto (the same crypto.subtle the page uses): every leaf of small trees verifies, and
// each way a receipt or the published list can disagree is named.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { auditPath, fromHex, hashLeaf, rootOfLeafHashes, toHex, voteLeaf } from '@civic/contracts/open-data/merkle';
import { type CountedReceipt, verifyCountedReceipt, webCryptoSha256 } from './verify-receipt.ts';
import { countedText, FAILURE_TEXTS, failureText, formatSnapshotTime, pendingText } from './verify-texts.ts';

const sha256 = webCryptoSha256()!;

/** A snapshot of `size` votes on one priority and the counted receipt of the vote at `index`. */
async function receiptIn(size: number, index: number): Promise<{ receipt: CountedReceipt; snapshot: { id: string; root: string } }> {
  const priorityId = randomUUID();
  const votes = Array.from({ length: size }, (_, i) => ({
    nonce: new Uint8Array(randomBytes(32)),
    voteType: i % 3 === 0 ? ('oppose' as const) : ('endorse' as const),
  }));
  const leaves = await Promise.all(votes.map((v) => voteLeaf(sha256, v.nonce, priorityId, v.voteType)));
  const leafHashes = await Promise.all(leaves.map((leaf) => hashLeaf(sha256, leaf)));
  const root = toHex(await rootOfLeafHashes(sha256, leafHashes));
  const snapshot = { id: randomUUID(), root };
  const receipt: CountedReceipt = {
    status: 'counted',
    priorityId,
    voteType: votes[index]!.voteType,
    votedAt: '2026-11-27T09:00:00.000Z',
    receiptNonce: toHex(votes[index]!.nonce),
    leaf: toHex(leaves[index]!),
    snapshotId: snapshot.id,
    takenAt: '2026-11-27T10:00:00.000Z',
    root,
    leafIndex: index,
    treeSize: size,
    auditPath: (await auditPath(sha256, leafHashes, index)).map(toHex),
  };
  return { receipt, snapshot };
}

test('every vote of trees of 1 to 9 leaves verifies against the published root', async () => {
  for (let size = 1; size <= 9; size++) {
    for (let index = 0; index < size; index++) {
      const { receipt, snapshot } = await receiptIn(size, index);
      assert.deepEqual(await verifyCountedReceipt(sha256, receipt.priorityId, receipt, snapshot), { ok: true, root: snapshot.root }, `${index} of ${size}`);
    }
  }
});

test('a receipt that disagrees with the vote, its tree or the published list fails, and says why', async () => {
  const { receipt, snapshot } = await receiptIn(6, 4);
  /** `published` null: the list has no entry with the receipt's id. */
  const check = (changed: Partial<CountedReceipt>, published: { id: string; root: string } | null = snapshot, priorityId = receipt.priorityId) =>
    verifyCountedReceipt(sha256, priorityId, { ...receipt, ...changed }, published ?? undefined);
  const failed = (reason: string) => ({ ok: false, reason });

  assert.deepEqual(await check({}, snapshot, randomUUID()), failed('priority'), 'the receipt of another priority');
  assert.deepEqual(await check({ voteType: receipt.voteType === 'endorse' ? 'oppose' : 'endorse' }), failed('leaf'), 'another vote type');
  assert.deepEqual(await check({ receiptNonce: toHex(new Uint8Array(32)) }), failed('leaf'), 'another nonce');
  const [first, ...rest] = receipt.auditPath;
  const flipped = toHex(fromHex(first!).map((byte, i) => (i === 0 ? byte ^ 1 : byte)));
  assert.deepEqual(await check({ auditPath: [flipped, ...rest] }), failed('root'), 'a changed sibling');
  assert.deepEqual(await check({ leafIndex: 5 }), failed('root'), 'another position');
  assert.deepEqual(await check({ auditPath: rest }), failed('path'), 'a path too short for the tree');
  assert.deepEqual(await check({ treeSize: 4 }), failed('path'), 'an index outside the tree');
  assert.deepEqual(await check({ receiptNonce: 'XYZ' }), failed('malformed'));
  assert.deepEqual(await check({ receiptNonce: 'abcd' }), failed('malformed'), 'a nonce of 2 bytes');
  assert.deepEqual(await check({}, null), failed('unpublished'), 'the list has no such snapshot');
  assert.deepEqual(await check({}, { id: randomUUID(), root: snapshot.root }), failed('unpublished'), 'another snapshot');
  // A server that gives a consistent receipt for a tree it never published is caught by the list's root.
  assert.deepEqual(await check({}, { id: snapshot.id, root: 'ab'.repeat(32) }), failed('published-root'));
});

test("texts: the issue's sentence with the snapshot time in the reader's locale; failures name the cause", () => {
  const takenAt = '2026-11-27T10:00:00.000Z';
  assert.equal(countedText('endorse', takenAt, 'en-US'), `Your endorsement is counted in the snapshot of ${formatSnapshotTime(takenAt, 'en-US')}`);
  assert.equal(countedText('oppose', takenAt, 'en-US'), `Your opposition is counted in the snapshot of ${formatSnapshotTime(takenAt, 'en-US')}`);
  assert.match(formatSnapshotTime(takenAt, 'en-US'), /^Nov 2[67], 2026, \d{1,2}:\d{2}\s[AP]M$/);
  assert.match(formatSnapshotTime(takenAt, 'de-DE'), /^2[67]\.11\.2026, \d{2}:\d{2}$/);
  assert.equal(pendingText(takenAt, 'en-US'), `Your vote is newer than the last snapshot. The next snapshot is due ${formatSnapshotTime(takenAt, 'en-US')}.`);
  assert.equal(failureText('leaf'), `Your vote could not be verified: ${FAILURE_TEXTS.leaf}`);
});
