// @ts-check
// The traffic shapes: which exported function each scenario runs, its arrival rate at the load
// profile (iterations a second, before K6_SCALE), the VUs an iteration holds, and what it needs.

/**
 * @typedef {object} Shape
 * @property {string} exec the function civic.js exports
 * @property {number} rate iterations a second at the load profile
 * @property {number} busySeconds how long an iteration holds its VU, about (sizes the VU pool)
 * @property {boolean} signedIn needs the seeded sessions
 * @property {boolean} hotPriority needs setup()'s hot priority
 */

/** @type {Record<string, Shape>} */
export const SHAPES = {
  browse: { exec: 'browse', rate: 40, busySeconds: 0.2, signedIn: true, hotPriority: false },
  vote_wave: { exec: 'voteWave', rate: 20, busySeconds: 0.2, signedIn: true, hotPriority: true },
  sign_in_burst: { exec: 'signInBurst', rate: 2, busySeconds: 0.5, signedIn: false, hotPriority: false },
  live_ranking: { exec: 'liveRanking', rate: 2, busySeconds: 20, signedIn: true, hotPriority: false },
  promotion_storm: { exec: 'promotionStorm', rate: 10, busySeconds: 0.5, signedIn: true, hotPriority: true },
  briefing: { exec: 'briefing', rate: 10, busySeconds: 0.2, signedIn: true, hotPriority: false },
  network: { exec: 'network', rate: 10, busySeconds: 0.3, signedIn: true, hotPriority: false },
};

/** The scenarios a run selects (K6_SCENARIOS), all when none is named; an unknown name throws. */
export function selectedShapes(/** @type {string[]} */ names) {
  for (const name of names) {
    if (!SHAPES[name]) throw new Error(`Unknown scenario ${name}; known: ${Object.keys(SHAPES).join(', ')}`);
  }
  return names.length > 0 ? names : Object.keys(SHAPES);
}
