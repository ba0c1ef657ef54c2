// `k6/http` as the harness provides it: request, get, post, put, patch, del, batch and
// expectedStatuses, with the params and response fields the scripts use. A VU blocks while the runner
// makes its requests, as in k6.
import { millisecondsOf } from '../executors.ts';
import type { RequestSpec, ResponseRecord } from '../protocol.ts';
import { iterationTags, requestSync } from '../vu-context.ts';

interface ExpectedStatuses {
  expectedStatuses: number[];
}

interface Params {
  headers?: Record<string, string>;
  cookies?: Record<string, string | { value: string }>;
  tags?: Record<string, string>;
  timeout?: string | number;
  responseCallback?: ExpectedStatuses | null;
}

type Body = string | null | undefined;
type BatchItem = string | [string, string, Body?, Params?] | { method: string; url: string; body?: Body; params?: Params };

const DEFAULT_TIMEOUT_MS = 60_000;

export function expectedStatuses(...statuses: Array<number | { min: number; max: number }>): ExpectedStatuses {
  const list: number[] = [];
  for (const status of statuses) {
    if (typeof status === 'number') list.push(status);
    else for (let s = status.min; s <= status.max; s++) list.push(s);
  }
  return { expectedStatuses: list };
}

function specOf(method: string, url: string, body: Body, params: Params = {}): RequestSpec {
  if (body !== null && body !== undefined && typeof body !== 'string') throw new Error('the k6 test harness sends string bodies only (JSON.stringify them)');
  const headers: Record<string, string> = { ...(params.headers ?? {}) };
  const cookies = Object.entries(params.cookies ?? {}).map(([name, value]) => `${name}=${typeof value === 'string' ? value : value.value}`);
  if (cookies.length > 0) headers.Cookie = cookies.join('; ');
  return {
    method: method.toUpperCase(),
    url,
    body: body ?? null,
    headers,
    timeoutMs: millisecondsOf(params.timeout, DEFAULT_TIMEOUT_MS),
    expected: params.responseCallback ? params.responseCallback.expectedStatuses : null,
    tags: { ...iterationTags(), name: url, ...(params.tags ?? {}) },
  };
}

/** `Set-Cookie` lines as k6's response.cookies: name → [{ name, value }]. */
function cookiesOf(setCookies: string[]): Record<string, Array<{ name: string; value: string }>> {
  const cookies: Record<string, Array<{ name: string; value: string }>> = {};
  for (const line of setCookies) {
    const pair = line.split(';')[0]!;
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    (cookies[name] ??= []).push({ name, value: pair.slice(at + 1).trim() });
  }
  return cookies;
}

function responseOf(record: ResponseRecord, spec: RequestSpec) {
  return {
    url: record.url,
    status: record.status,
    body: record.body,
    headers: record.headers,
    cookies: cookiesOf(record.setCookies),
    error: record.error,
    error_code: record.error_code,
    timings: { duration: record.durationMs },
    request: { method: spec.method, url: spec.url, body: spec.body ?? '', headers: spec.headers },
    /** k6 takes a gjson selector; the harness a dotted path (a.b.0). */
    json(selector?: string): unknown {
      if (record.body === null) throw new Error('the response has no body');
      let value: unknown = JSON.parse(record.body);
      for (const key of selector ? selector.split('.') : [])
        value = value === null || value === undefined ? undefined : (value as Record<string, unknown>)[key];
      return value;
    },
  };
}

export function request(method: string, url: string, body?: Body, params?: Params) {
  const spec = specOf(method, url, body, params);
  return responseOf(requestSync([spec])[0]!, spec);
}

export const get = (url: string, params?: Params) => request('GET', url, null, params);
export const post = (url: string, body?: Body, params?: Params) => request('POST', url, body, params);
export const put = (url: string, body?: Body, params?: Params) => request('PUT', url, body, params);
export const patch = (url: string, body?: Body, params?: Params) => request('PATCH', url, body, params);
export const del = (url: string, body?: Body, params?: Params) => request('DELETE', url, body, params);

/** The requests at once (an array of them; k6's object form of batch is left out). */
export function batch(items: BatchItem[]) {
  const specs = items.map((item) => {
    if (typeof item === 'string') return specOf('GET', item, null);
    if (Array.isArray(item)) return specOf(item[0], item[1], item[2], item[3]);
    return specOf(item.method, item.url, item.body, item.params);
  });
  const records = requestSync(specs);
  return records.map((record, i) => responseOf(record, specs[i]!));
}

export default { request, get, post, put, patch, del, batch, expectedStatuses };
