// `npm run lint:imports` (part of `npm run lint`): fails on any import cycle in the repository's
// TypeScript, or on an import that crosses a boundary (scripts/lint/imports.ts).
import { fileURLToPath } from 'node:url';
import { type Boundary, checkImports } from './imports.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const SOURCES = [
  'contracts/src/**/*.ts',
  'services/*/src/**/*.ts',
  'services/*/test/**/*.ts',
  'gateway/src/**/*.ts',
  'gateway/test/**/*.ts',
  'frontends/*/src/**/*.{ts,tsx}',
  'infra/**/*.ts',
  'scripts/**/*.ts',
  'test/**/*.{ts,tsx}',
  'bench/**/*.ts',
  'k6/**/*.ts',
];

// Scripts are operators' tools built on the runtime pieces, never the other way round.
const BOUNDARIES: Boundary[] = [{ from: 'infra/', to: 'scripts/' }];

const { cycles, crossings } = await checkImports(ROOT, SOURCES, BOUNDARIES);
for (const cycle of cycles) console.error(`import cycle: ${[...cycle, cycle[0]].join(' -> ')}`);
for (const { issuer, target } of crossings) console.error(`forbidden import: ${issuer} -> ${target}`);
if (cycles.length > 0 || crossings.length > 0) process.exit(1);
console.log('imports: no cycles, no forbidden imports');
