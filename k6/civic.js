// @ts-check
// Civic Agenda under load: `k6 run k6/civic.js` (k6/README.md). K6_PROFILE picks smoke, load,
// stress, spike or soak; K6_SCENARIOS a subset of the traffic shapes; BASE_URL the gateway.
import { PROFILE, SELECTED } from './lib/config.js';
import { scenariosOf } from './lib/profiles.js';
import { selectedShapes, SHAPES } from './lib/scenarios.js';
import { findHotPriority } from './lib/setup.js';
import { thresholdsOf } from './lib/thresholds.js';
import { browse } from './scenarios/browse.js';

export { briefing } from './scenarios/briefing.js';
export { liveRanking } from './scenarios/live-ranking.js';
export { network } from './scenarios/network.js';
export { promotionStorm } from './scenarios/promotion-storm.js';
export { signInBurst } from './scenarios/sign-in-burst.js';
export { voteWave } from './scenarios/vote-wave.js';
export { browse };

const names = selectedShapes(SELECTED);

export const options = {
  scenarios: scenariosOf(PROFILE, names),
  thresholds: thresholdsOf(PROFILE, names),
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
};

/** @returns {{ hotPriorityId: string }} */
export function setup() {
  return { hotPriorityId: names.some((name) => SHAPES[name].hotPriority) ? findHotPriority() : '' };
}

/** `k6 run` without scenarios (e.g. --vus 1 --iterations 1): one citizen browsing. */
export default function () {
  browse();
}
