// `npm run test:save-timings`: the last full run's record (.test-timings.json) becomes the checked-in
// baseline test/timings.json, by which a fresh clone's `npm test` orders its files.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatTimings, parseTimings } from './timings.ts';

const local = fileURLToPath(new URL('../../.test-timings.json', import.meta.url));
const baseline = fileURLToPath(new URL('../../test/timings.json', import.meta.url));
const timings = parseTimings(readFileSync(local, 'utf8'));
writeFileSync(baseline, formatTimings(timings));
console.log(`test/timings.json: ${Object.keys(timings).length} files`);
