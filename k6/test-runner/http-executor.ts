// The runner's side of a VU's request: made with fetch, answered in k6's terms (status 0 with
// error_code 1050 for a timeout, as k6 reports one).
import type { RequestSpec, ResponseRecord } from './protocol.ts';

const REQUEST_TIMEOUT = 1050;
const GENERIC_ERROR = 1000;

export async function perform(spec: RequestSpec): Promise<ResponseRecord> {
  const started = performance.now();
  const signal = AbortSignal.timeout(spec.timeoutMs);
  const failed = (error: unknown): ResponseRecord => {
    const timedOut = signal.aborted;
    return {
      url: spec.url,
      status: 0,
      body: null,
      headers: {},
      setCookies: [],
      error: timedOut ? 'request timeout' : error instanceof Error ? `${error.message} ${String(error.cause ?? '')}`.trim() : String(error),
      error_code: timedOut ? REQUEST_TIMEOUT : GENERIC_ERROR,
      durationMs: performance.now() - started,
    };
  };
  try {
    const response = await fetch(spec.url, { method: spec.method, headers: spec.headers, body: spec.body, signal });
    const body = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name.replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => dash + letter.toUpperCase())] = value;
    });
    return {
      url: response.url,
      status: response.status,
      body,
      headers,
      setCookies: response.headers.getSetCookie(),
      error: '',
      error_code: 0,
      durationMs: performance.now() - started,
    };
  } catch (error) {
    return failed(error);
  }
}
