// @ts-check
// The five profiles as k6 arrival-rate executors (k6/README.md says which to run when):
//   smoke  1 iteration a second of each scenario for 10 s: the scripts and the deployment work;
//   load   the expected peak (SHAPES' rates x K6_SCALE), constant for 5 min: the targets hold;
//   stress a ramp to 4x that peak over 14 min: where it bends, and that it bends without 5xx;
//   spike  a jump from 1x to 8x in 10 s and back: the queues and pools absorb a surge;
//   soak   0.8x for 2 h: no leak, no drift (pools, streams, Redis keys, outbox).
import { DURATION, SCALE, STREAM_HOLD } from './config.js';
import { SHAPES } from './scenarios.js';

/** Seconds of a k6 duration string (1h2m3s, 500ms). */
export function secondsOf(/** @type {string} */ duration) {
  const part = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  let seconds = 0;
  for (let match = part.exec(duration); match; match = part.exec(duration)) {
    seconds += Number(match[1]) * { ms: 0.001, s: 1, m: 60, h: 3600 }[/** @type {'ms' | 's' | 'm' | 'h'} */ (match[2])];
  }
  return seconds;
}

/** VUs to keep ready for `rate` iterations a second of a shape. */
function vusFor(/** @type {import('./scenarios.js').Shape} */ shape, /** @type {number} */ rate, /** @type {string} */ name) {
  const busy = name === 'live_ranking' ? secondsOf(STREAM_HOLD) + 1 : shape.busySeconds;
  const needed = Math.ceil(rate * busy);
  return { preAllocatedVUs: Math.max(1, needed), maxVUs: Math.max(2, needed * 4) };
}

/** @type {Record<string, (name: string) => object>} */
const PROFILES = {
  smoke: (name) => ({
    executor: 'constant-arrival-rate',
    rate: 1,
    timeUnit: '1s',
    duration: DURATION || '10s',
    ...vusFor(SHAPES[name], 1, name),
  }),
  load: (name) => constant(name, 1, DURATION || '5m'),
  soak: (name) => constant(name, 0.8, DURATION || '2h'),
  stress: (name) =>
    ramping(name, [
      [2, 1],
      [5, 2],
      [5, 4],
      [2, 0],
    ]),
  spike: (name) => ramping(name, [[0.5, 1], [10 / 60, 8], [1, 8], [10 / 60, 1], [1, 1]]),
};

function constant(/** @type {string} */ name, /** @type {number} */ factor, /** @type {string} */ duration) {
  const rate = Math.max(1, Math.round(SHAPES[name].rate * SCALE * factor));
  return { executor: 'constant-arrival-rate', rate, timeUnit: '1s', duration, ...vusFor(SHAPES[name], rate, name) };
}

/** Stages of [minutes, factor of the load rate]. */
function ramping(/** @type {string} */ name, /** @type {Array<[number, number]>} */ stages) {
  const base = SHAPES[name].rate * SCALE;
  const top = Math.max(...stages.map(([, factor]) => factor)) * base;
  return {
    executor: 'ramping-arrival-rate',
    startRate: Math.round(base),
    timeUnit: '1s',
    stages: stages.map(([minutes, factor]) => ({ duration: `${Math.round(minutes * 60)}s`, target: Math.round(base * factor) })),
    ...vusFor(SHAPES[name], top, name),
  };
}

/** options.scenarios of a profile for the selected scenarios. */
export function scenariosOf(/** @type {string} */ profile, /** @type {string[]} */ names) {
  const build = PROFILES[profile];
  if (!build) throw new Error(`Unknown K6_PROFILE ${profile}; known: ${Object.keys(PROFILES).join(', ')}`);
  /** @type {Record<string, object>} */
  const scenarios = {};
  for (const name of names) scenarios[name] = { ...build(name), exec: SHAPES[name].exec };
  return scenarios;
}
