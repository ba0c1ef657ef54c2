// `npm run open-data:verify <file-or-url>`: recomputes a published snapshot's tallies, ranks and
// Merkle root from its leaves (verify-snapshot.ts) and says whether they match what was published.
// Exit 0 when everything matches, 1 when something does not, 2 when the snapshot cannot be read.
import { readFile } from 'node:fs/promises';
import { verifySnapshot } from './verify-snapshot.ts';

async function load(source: string): Promise<unknown> {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    return response.json();
  }
  return JSON.parse(await readFile(source, 'utf8'));
}

const source = process.argv[2];
if (!source) {
  console.error('usage: npm run open-data:verify -- <snapshot.json | https://…/api/open-data/snapshots/{id}>');
  process.exit(2);
}
let document: unknown;
try {
  document = await load(source);
} catch (error) {
  console.error(`cannot read ${source}: ${(error as Error).message}`);
  process.exit(2);
}
const result = await verifySnapshot(document);
if (result.ok) {
  console.log(`OK: ${result.treeSize} leaves; tallies, ranks and root ${result.root} match what was published`);
} else {
  console.log(`MISMATCH (${result.problems.length}):`);
  for (const problem of result.problems.slice(0, 50)) console.log(`- ${problem}`);
  if (result.problems.length > 50) console.log(`… and ${result.problems.length - 50} more`);
  process.exitCode = 1;
}
