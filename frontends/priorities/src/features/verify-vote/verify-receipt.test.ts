// The browser's receipt check (issue 23) on receipts built here with the contracts' RFC 6962 code, on
// Node's Web Crypto (the same crypto.subtle the page uses): every leaf of small trees verifies, and
// each way a receipt or the published list can disagree is named.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { PRIORITY_LEAF_ORDER_ENDED } from '@civic/contracts/shared/open-data/leaf-order';
import { auditPath, fromHex, hashLeaf, rootOfLeafHashes, toHex, voteLeaf } from '@civic/contracts/shared/open-data/merkle';
import { type CountedReceipt, verifyCountedReceipt, webCryptoSha256 } from './verify-receipt.ts';
import { countedText, FAILURE_TEXTS, failureText, formatSnapshotTime, pendingText } from './verify-texts.ts';

const sha256 = webCryptoSha256()!;

type Published = NonNullable<Parameters<typeof verifyCountedReceipt>[3]>;

const compareHex = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A snapshot of `size` votes on one priority, its leaves in tree order (endorse leaves, then oppose
 * leaves, each by leaf bytes), and the counted receipt of the leaf at `index`.
 */
async function receiptIn(size: number, index: number): Promise<{ receipt: CountedReceipt; published: Published }> {
  const priorityId = randomUUID();
  const votes = await Promise.all(
    Array.from({ length: size }, async (_, i) => {
      const nonce = new Uint8Array(randomBytes(32));
      const voteType = i % 3 === 0 ? ('oppose' as const) : ('endorse' as const);
      return { nonce, voteType, leaf: toHex(await voteLeaf(sha256, nonce, priorityId, voteType)) };
    }),
  );
  votes.sort((a, b) => compareHex(a.voteType, b.voteType) || compareHex(a.leaf, b.leaf));
  const leafHashes = await Promise.all(votes.map((v) => hashLeaf(sha256, fromHex(v.leaf))));
  const root = toHex(await rootOfLeafHashes(sha256, leafHashes));
  const endorsements = votes.filter((v) => v.voteType === 'endorse').length;
  const published: Published = {
    summary: { id: randomUUID(), root, leafOrder: 'priority,type,leaf', takenAt: '2026-11-27T10:00:00.000Z' },
    line: { id: priorityId, firstLeaf: 0, endorsements, oppositions: size - endorsements },
  };
  const receipt: CountedReceipt = {
    status: 'counted',
    priorityId,
    voteType: votes[index]!.voteType,
    votedAt: '2026-11-27T09:00:00.000Z',
    receiptNonce: toHex(votes[index]!.nonce),
    leaf: votes[index]!.leaf,
    snapshotId: published.summary.id,
    takenAt: '2026-11-27T10:00:00.000Z',
    root,
    leafIndex: index,
    treeSize: size,
    auditPath: (await auditPath(sha256, leafHashes, index)).map(toHex),
  };
  return { receipt, published };
}

test('every vote of trees of 1 to 9 leaves verifies against the published root', async () => {
  for (let size = 1; size <= 9; size++) {
    for (let index = 0; index < size; index++) {
      const { receipt, published } = await receiptIn(size, index);
      assert.deepEqual(
        await verifyCountedReceipt(sha256, receipt.priorityId, receipt, published),
        { ok: true, root: published.summary.root },
        `${index} of ${size}`,
      );
    }
  }
});

test('a receipt that disagrees with the vote, its tree or the published snapshot fails, and says why', async () => {
  const { receipt, published } = await receiptIn(6, 4);
  const snapshot = published.summary;
  /** `summary` null: the list has no entry with the receipt's id. */
  const check = (
    changed: Partial<CountedReceipt>,
    summary: Published['summary'] | null = snapshot,
    priorityId = receipt.priorityId,
    line: Published['line'] = published.line,
  ) => verifyCountedReceipt(sha256, priorityId, { ...receipt, ...changed }, summary ? { summary, line } : undefined);
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
  assert.deepEqual(await check({}, { ...snapshot, id: randomUUID() }), failed('unpublished'), 'another snapshot');
  // A server that gives a consistent receipt for a tree it never published is caught by the list's root.
  assert.deepEqual(await check({}, { ...snapshot, root: 'ab'.repeat(32) }), failed('published-root'));
});

test("the leaf's place must be in the published range of the priority's votes of its type", async () => {
  // Six votes: indexes 0-3 endorse, 4-5 oppose.
  const endorse = await receiptIn(6, 1);
  const oppose = await receiptIn(6, 4);
  for (const { receipt, published } of [endorse, oppose]) {
    const check = (line: Published['line'], leafOrder: Published['summary']['leafOrder'] = 'priority,type,leaf') =>
      verifyCountedReceipt(sha256, receipt.priorityId, receipt, { summary: { ...published.summary, leafOrder }, line });
    const line = published.line!;
    assert.equal((await check(line)).ok, true, receipt.voteType);
    // A server that relabels the vote moves the boundary between the two ranges in the published tallies.
    const relabelled =
      receipt.voteType === 'endorse'
        ? { ...line, endorsements: 1, oppositions: line.oppositions + line.endorsements - 1 }
        : { ...line, endorsements: line.endorsements + 1, oppositions: line.oppositions - 1 };
    assert.deepEqual(await check(relabelled), { ok: false, reason: 'range' }, `${receipt.voteType} counted under the other type`);
    assert.deepEqual(await check({ ...line, firstLeaf: 6 }), { ok: false, reason: 'range' }, "the leaf in another priority's range");
    assert.deepEqual(await check({ ...line, id: randomUUID() }), { ok: false, reason: 'range' }, "another priority's line");
    assert.deepEqual(await check(undefined), { ok: false, reason: 'range' }, 'the snapshot does not list the priority');
    // The first snapshots ordered a priority's leaves by bytes only: the whole range is the check there.
    assert.equal((await check(relabelled, 'priority,leaf')).ok, true, 'priority,leaf');
    // A snapshot taken since that order ended may not use it (it would unbind the types again).
    const late = await verifyCountedReceipt(sha256, receipt.priorityId, receipt, {
      summary: { ...published.summary, leafOrder: 'priority,leaf', takenAt: PRIORITY_LEAF_ORDER_ENDED },
      line: relabelled,
    });
    assert.deepEqual(late, { ok: false, reason: 'order' });
  }
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
