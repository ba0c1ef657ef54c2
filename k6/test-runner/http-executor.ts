// The runner's side of a VU's request: made with fetch, answered in k6's terms (status 0 with
// error_code 1050 for a timeout, as k6 reports one).
import { Agent, type Dispatcher, fetch } from 'undici';
import type { RequestSpec, ResponseRecord } from './protocol.ts';

export interface HttpExecutor {
  perform(spec: RequestSpec): Promise<ResponseRecord>;
  /** Closes every connection of the run. */
  close(): Promise<void>;
}

/**
 * A run's requests on connections of its own, closed when it ends: a request that timed out while
 * connecting leaves an open connection that never carries a request, and the server's close waits
 * for it until its headers timeout (60 s) unless the client closes it.
 */
export function createHttpExecutor(): HttpExecutor {
  const agent = new Agent();
  return { perform: (spec) => perform(spec, agent), close: () => agent.destroy() };
}

const REQUEST_TIMEOUT = 1050;
const GENERIC_ERROR = 1000;

export async function perform(spec: RequestSpec, dispatcher?: Dispatcher): Promise<ResponseRecord> {
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
    const response = await fetch(spec.url, { method: spec.method, headers: spec.headers, body: spec.body, signal, ...(dispatcher ? { dispatcher } : {}) });
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
