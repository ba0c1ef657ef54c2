// `npm run k6:smoke`: the smoke profile of k6/civic.js through the test harness (README.md), for a
// machine without k6. Exits 99 when a threshold fails, as k6 does; --latency=report reports the
// latency thresholds without failing on them (a loaded machine).
//   BASE_URL=http://localhost:3000 K6_SESSIONS_FILE=$PWD/k6/.sessions.json npm run k6:smoke
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScript } from './run-script.ts';
import { failedVerdicts, summaryOf } from './summary.ts';

const args = process.argv.slice(2);
const script = args.find((a) => !a.startsWith('--')) ?? fileURLToPath(new URL('../civic.js', import.meta.url));
const latencyJudged = !args.includes('--latency=report');
const result = await runScript({ script: resolve(script), env: { K6_PROFILE: 'smoke', ...(process.env as Record<string, string>) } });
console.log(summaryOf(result, latencyJudged));
process.exit(failedVerdicts(result, latencyJudged).length > 0 ? 99 : result.errors.length > 0 ? 1 : 0);
