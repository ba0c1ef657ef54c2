// The server's chunked tree (src/open-data/chunk-tree.ts) is the RFC 6962 tree of
// contracts/src/shared/open-data/merkle.ts: for every tree size up to 70 and chunk sizes 1, 2, 4 and 8, the
// root over the chunks' roots is the root over all leaves, and each leaf's path inside its chunk
// followed by its chunk's path among the chunk roots is the RFC's audit path.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { auditPath, rootOfLeafHashes, type Sha256, toHex } from '@civic/contracts';
import { leafHashesOf, levelsOf, pathFromLevels, rootOf } from '../../src/open-data/chunk-tree.ts';

const sha256: Sha256 = (data) => createHash('sha256').update(data).digest();
const hex = (hashes: readonly Uint8Array[]) => hashes.map(toHex);

test('chunked roots and audit paths equal the RFC 6962 tree over all leaves', async () => {
  for (let size = 0; size <= 70; size++) {
    const leaves = Buffer.concat(Array.from({ length: size }, (_, i) => createHash('sha256').update(`leaf ${i}`).digest()));
    const leafHashes = leafHashesOf(leaves);
    const expectedRoot = toHex(await rootOfLeafHashes(sha256, leafHashes));
    assert.equal(toHex(rootOf(leafHashes)), expectedRoot, `root of ${size}`);
    for (const chunk of [1, 2, 4, 8]) {
      const chunks = Array.from({ length: Math.ceil(size / chunk) }, (_, c) => leafHashes.slice(c * chunk, (c + 1) * chunk));
      const chunkRoots = chunks.map(rootOf);
      assert.equal(toHex(rootOf(chunkRoots)), expectedRoot, `root of ${size} in chunks of ${chunk}`);
      const above = levelsOf(chunkRoots);
      for (let i = 0; i < size; i++) {
        const c = Math.floor(i / chunk);
        const path = [...pathFromLevels(levelsOf(chunks[c]!), i - c * chunk), ...pathFromLevels(above, c)];
        assert.deepEqual(hex(path), hex(await auditPath(sha256, leafHashes, i)), `path of ${i} of ${size} in chunks of ${chunk}`);
      }
    }
  }
});
