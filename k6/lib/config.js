// @ts-check
// Every knob of a run, from the environment (`k6 run -e NAME=value`, or the shell's variables).

/** The gateway's public address, without a trailing slash. */
export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
/** smoke, load, stress, spike or soak (profiles.js). */
export const PROFILE = __ENV.K6_PROFILE || 'smoke';
/** Multiplies every scenario's arrival rate (load, stress, spike, soak). */
export const SCALE = Number(__ENV.K6_SCALE || '1');
/** How long a constant profile runs (smoke 10s, load 5m, soak 2h unless set). */
export const DURATION = __ENV.K6_DURATION || '';
/** A comma-separated subset of the scenarios (scenarios.js); empty: all of them. */
export const SELECTED = (__ENV.K6_SCENARIOS || '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
/** The JSON file `npm run k6:seed-sessions` wrote; an absolute path is safest. */
export const SESSIONS_FILE = __ENV.K6_SESSIONS_FILE || '';
/**
 * More than 0: each request names one of this many client addresses (198.18.0.0/15, the range kept
 * for benchmarks) in X-Forwarded-For. It counts only where the gateway's TRUST_PROXY trusts the load
 * generator as its proxy; the per-network budgets then see many citizens, as in production.
 */
export const CLIENT_NETWORKS = Number(__ENV.K6_CLIENT_NETWORKS || '0');
/** How long a live-ranking viewer keeps its stream open (a k6 request timeout). */
export const STREAM_HOLD = __ENV.K6_STREAM_HOLD || '20s';
/** The domain of the sign-in burst's addresses (never real people's). */
export const EMAIL_DOMAIN = __ENV.K6_EMAIL_DOMAIN || 'example.com';
/** Words the browsing and briefing scenarios search for. */
export const SEARCH_WORDS = (__ENV.K6_SEARCH_WORDS || 'health,climate,school,tax,housing').split(',');
