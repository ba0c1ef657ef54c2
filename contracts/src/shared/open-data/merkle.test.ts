// The RFC 6962 tree against the reference test vectors (the certificate-transparency test data: eight
// leaves, the root of every prefix), and every audit path of every tree up to 33 leaves checked back.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { auditPath, fromHex, hashLeaf, rootFromAuditPath, rootOfLeafHashes, toHex, voteLeaf } from './merkle.ts';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const webSha256 = async (data: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest('SHA-256', data));

const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(fromHex);
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

test('the roots of the reference vectors, with node:crypto and with Web Crypto', async () => {
  const hashes = await Promise.all(LEAVES.map((leaf) => hashLeaf(sha256, leaf)));
  for (let n = 1; n <= LEAVES.length; n++) {
    assert.equal(toHex(await rootOfLeafHashes(sha256, hashes.slice(0, n))), ROOTS[n - 1], `size ${n}`);
    assert.equal(toHex(await rootOfLeafHashes(webSha256, hashes.slice(0, n))), ROOTS[n - 1], `size ${n}, Web Crypto`);
  }
  assert.equal(toHex(await rootOfLeafHashes(sha256, [])), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
});

test('every audit path of every tree up to 33 leaves leads back to its root; a wrong leaf, index or size does not', async () => {
  const hashes = await Promise.all(Array.from({ length: 33 }, (_, i) => hashLeaf(sha256, Uint8Array.of(i))));
  for (let size = 1; size <= hashes.length; size++) {
    const tree = hashes.slice(0, size);
    const root = toHex(await rootOfLeafHashes(sha256, tree));
    for (let index = 0; index < size; index++) {
      const path = await auditPath(sha256, tree, index);
      assert.equal(toHex((await rootFromAuditPath(sha256, index, size, tree[index]!, path))!), root, `${index} of ${size}`);
      if (size > 1) {
        const wrong = await rootFromAuditPath(sha256, index, size, tree[(index + 1) % size]!, path);
        assert.notEqual(wrong && toHex(wrong), root);
        const elsewhere = await rootFromAuditPath(sha256, (index + 1) % size, size, tree[index]!, path);
        assert.notEqual(elsewhere && toHex(elsewhere), root);
      }
    }
  }
  assert.equal(await rootFromAuditPath(sha256, 5, 5, hashes[0]!, []), null, 'an index outside the tree');
  assert.equal(await rootFromAuditPath(sha256, 0, 4, hashes[0]!, []), null, 'a path too short');
  await assert.rejects(auditPath(sha256, hashes, 33), RangeError);
});

test('a vote leaf is SHA-256(nonce ‖ lowercase priority id ‖ vote type), and the nonce is 32 bytes', async () => {
  const nonce = new Uint8Array(32).fill(7);
  const id = 'A3BB189E-8BF9-3888-9912-ACE4E6543002';
  const expected = createHash('sha256').update(Buffer.from(nonce)).update('a3bb189e-8bf9-3888-9912-ace4e6543002endorse').digest('hex');
  assert.equal(toHex(await voteLeaf(sha256, nonce, id, 'endorse')), expected);
  assert.equal(toHex(await voteLeaf(webSha256, nonce, id, 'endorse')), expected);
  assert.notEqual(toHex(await voteLeaf(sha256, nonce, id, 'oppose')), expected);
  await assert.rejects(voteLeaf(sha256, new Uint8Array(31), id, 'endorse'));
});

test('hex in and out is lowercase only', () => {
  assert.equal(toHex(fromHex('00ff10')), '00ff10');
  assert.throws(() => fromHex('ABCD'));
  assert.throws(() => fromHex('abc'));
});
