// @ts-check
// The signed-in citizens of a run: the file `npm run k6:seed-sessions` wrote (k6/README.md), read once
// in the init context and shared by every VU.
import { fail } from 'k6';
import { SharedArray } from 'k6/data';
import { SESSIONS_FILE } from './config.js';

/** @typedef {{ userId: string, email: string, cookies: Record<string, string>, csrf: string }} Citizen */

/** @type {Citizen[]} */
export const citizens = new SharedArray('citizens', () => (SESSIONS_FILE ? JSON.parse(open(SESSIONS_FILE)).citizens : []));

/** A citizen at random; a scenario that acts signed in cannot run without the file. */
export function anyCitizen() {
  if (citizens.length === 0) fail('No signed-in citizens: run `npm run k6:seed-sessions` and pass K6_SESSIONS_FILE (k6/README.md)');
  return citizens[Math.floor(Math.random() * citizens.length)];
}
