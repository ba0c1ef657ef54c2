// The one HTTP client of every front end (spec 7.1): credentials always,
// CSRF token on state-changing calls, one retry when the token went stale.
import { AUTH_ROUTES } from '@civic/contracts/auth/routes';
import { throwIfResponseNotOk } from './api-error.ts';

export const CSRF_TOKEN_PATH = AUTH_ROUTES.csrfToken.path;
export const CSRF_HEADER = 'X-CSRF-Token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let cachedCsrfToken: string | null = null;
let pendingCsrfToken: Promise<string> | null = null;

async function fetchCsrfToken(): Promise<string> {
  const response = await fetch(CSRF_TOKEN_PATH, { credentials: 'include' });
  await throwIfResponseNotOk(response);
  const body = (await response.json()) as { token?: unknown };
  if (typeof body.token !== 'string') throw new Error('CSRF token answer has no token');
  return body.token;
}

/** Returns the cached CSRF token, fetching it once (concurrent callers share the request). */
export function ensureCsrfToken(options: { refresh?: boolean } = {}): Promise<string> {
  if (options.refresh) cachedCsrfToken = null;
  if (cachedCsrfToken) return Promise.resolve(cachedCsrfToken);
  pendingCsrfToken ??= fetchCsrfToken()
    .then((token) => {
      cachedCsrfToken = token;
      return token;
    })
    .finally(() => {
      pendingCsrfToken = null;
    });
  return pendingCsrfToken;
}

/** Forgets the cached token (a new session gets a new one). */
export function clearCsrfToken(): void {
  cachedCsrfToken = null;
}

function isStateChanging(method: HttpMethod): boolean {
  return method !== 'GET';
}

/** Extra request headers, e.g. an Idempotency-Key; sent again, unchanged, on the CSRF retry. */
export interface RequestOptions {
  headers?: Record<string, string>;
}

async function send(method: HttpMethod, url: string, data: unknown, csrfToken: string | null, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  return fetch(url, {
    method,
    headers,
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
}

/** Sends a request; throws ApiError (message "{status}: {body}") on a non-ok answer. */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown, options: RequestOptions = {}): Promise<Response> {
  if (!isStateChanging(method)) {
    const response = await send(method, url, data, null, options);
    await throwIfResponseNotOk(response);
    return response;
  }
  let response = await send(method, url, data, await ensureCsrfToken(), options);
  if (response.status === 403) {
    // The token may have been rotated (e.g. a new session after sign-in): fetch a fresh one and retry once.
    const text = await response.clone().text();
    if (text.includes('CSRF')) {
      response = await send(method, url, data, await ensureCsrfToken({ refresh: true }), options);
    }
  }
  await throwIfResponseNotOk(response);
  return response;
}

/** apiRequest + JSON body. */
export async function apiRequestJson<T>(method: HttpMethod, url: string, data?: unknown, options: RequestOptions = {}): Promise<T> {
  const response = await apiRequest(method, url, data, options);
  return (await response.json()) as T;
}
