// @ts-check
// Requests as the web client makes them: the session cookie, X-CSRF-Token on every write, JSON
// bodies. Each request names its route (the `name` tag the thresholds select on), says which statuses
// it expects (the others count in http_req_failed and unexpected_responses), and counts 5xx.
import { check } from 'k6';
import http from 'k6/http';
import { BASE_URL, CLIENT_NETWORKS } from './config.js';
import { serverErrors, unexpectedResponses } from './metrics.js';

/** @typedef {import('./sessions.js').Citizen} Citizen */
/**
 * @typedef {object} Call
 * @property {string} name the route, e.g. 'GET /api/priorities'
 * @property {Citizen | null} [citizen] signed in as this citizen; none: anonymous
 * @property {number[]} [expect] expected statuses; default [200]
 * @property {Record<string, string>} [headers]
 * @property {Record<string, string>} [cookies]
 * @property {string} [timeout] e.g. '20s'
 */

/** @type {Record<string, ReturnType<typeof http.expectedStatuses>>} */
const callbacks = {};
function expectedOf(/** @type {number[]} */ statuses) {
  const key = statuses.join(',');
  if (!callbacks[key]) callbacks[key] = http.expectedStatuses(...statuses);
  return callbacks[key];
}

/** An address in 198.18.0.0/15 (RFC 2544, kept for benchmarks), one of CLIENT_NETWORKS. */
export function clientAddress() {
  const n = Math.floor(Math.random() * CLIENT_NETWORKS);
  return `198.18.${Math.floor(n / 256) % 256}.${n % 256}`;
}

/**
 * The k6 params of a call.
 * @param {string} method
 * @param {Call} call
 * @param {boolean} [withBody] a JSON body goes with it
 * @returns {import('k6/http').RefinedParams<'text'>}
 */
export function paramsOf(method, call, withBody = false) {
  /** @type {Record<string, string>} */
  const headers = { ...(call.headers || {}) };
  if (method !== 'GET' && call.citizen) headers['X-CSRF-Token'] = call.citizen.csrf;
  if (withBody) headers['Content-Type'] = 'application/json';
  if (CLIENT_NETWORKS > 0) headers['X-Forwarded-For'] = clientAddress();
  return {
    headers,
    cookies: { ...(call.citizen ? call.citizen.cookies : {}), ...(call.cookies || {}) },
    tags: { name: call.name },
    responseCallback: expectedOf(call.expect || [200]),
    ...(call.timeout ? { timeout: call.timeout } : {}),
  };
}

/**
 * Counts a response in the run's metrics and checks its status; true when it was expected.
 * @param {import('k6/http').RefinedResponse<'text'>} response
 * @param {Call} call
 */
export function record(response, call) {
  const expected = (call.expect || [200]).includes(response.status);
  serverErrors.add(response.status >= 500 ? 1 : 0, { name: call.name });
  unexpectedResponses.add(!expected, { name: call.name });
  check(response, { [`${call.name}: expected status`]: () => expected });
  return expected;
}

/**
 * One request, recorded.
 * @param {'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} method
 * @param {string} path
 * @param {Call} call
 * @param {unknown} [body] sent as JSON
 */
export function send(method, path, call, body) {
  const response = http.request(method, `${BASE_URL}${path}`, body === undefined ? null : JSON.stringify(body), paramsOf(method, call, body !== undefined));
  record(response, call);
  return response;
}

/**
 * GETs at once, as a page loads its reads in parallel; recorded one by one.
 * @param {Array<[string, Call]>} reads path and call of each
 */
export function readAll(reads) {
  const responses = http.batch(reads.map(([path, read]) => /** @type {import('k6/http').BatchRequest} */ (['GET', `${BASE_URL}${path}`, null, paramsOf('GET', read)])));
  reads.forEach(([, read], i) => record(/** @type {import('k6/http').RefinedResponse<'text'>} */ (responses[i]), read));
  return responses;
}

/** The JSON body of a response, or null when it is not JSON. */
export function jsonOf(/** @type {import('k6/http').RefinedResponse<'text'>} */ response) {
  try {
    return /** @type {any} */ (response.json());
  } catch (_error) {
    return null;
  }
}
