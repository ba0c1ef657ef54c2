// A test's caller of one service: every request carries the signed identity header the gateway would
// send (x-civic-identity, addressed to the service), and goes in through Fastify's inject, no socket.
// Each caller keeps the cookies the service sets, and sends them back, as a browser does.
import type { FastifyInstance } from 'fastify';
import { IDENTITY_HEADER, type Identity } from '../http/internal-identity.ts';
import { CookieJar } from './cookie-jar.ts';

export interface ServiceResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as it is (content-type application/json unless `headers` says otherwise). */
  rawBody?: string;
  /** Added last: a `cookie` here replaces the jar's. */
  headers?: Record<string, string>;
}

export interface ServiceClient {
  /** Who the gateway says is calling (a browser's: before its session cookie names a user). */
  readonly identity: Identity;
  /** The cookies the service set for this caller, sent back with its later requests. */
  readonly cookies: CookieJar;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ServiceResponse<T>>;
  get<T = any>(path: string, options?: RequestOptions): Promise<ServiceResponse<T>>;
  post<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<ServiceResponse<T>>;
  patch<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<ServiceResponse<T>>;
  put<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<ServiceResponse<T>>;
  delete<T = any>(path: string, options?: RequestOptions): Promise<ServiceResponse<T>>;
}

export interface ClientOptions {
  cookies?: CookieJar;
  /** The identity of each request, read from the caller's cookies as the gateway would (default: `identity`). */
  identify?: (cookies: CookieJar) => Promise<Identity>;
}

/** A client for `identity`; `sign` makes the header's token for it (null: no header, as a caller around the gateway). */
export function serviceClient(
  app: FastifyInstance,
  identity: Identity,
  sign: ((identity: Identity) => string) | null,
  { cookies = new CookieJar(), identify }: ClientOptions = {},
): ServiceClient {
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ServiceResponse<T>> {
    const headers: Record<string, string> = {};
    if (sign) headers[IDENTITY_HEADER] = sign(identify ? await identify(cookies) : identity);
    const cookie = cookies.header(path);
    if (cookie) headers.cookie = cookie;
    let payload: string | undefined;
    if (options.rawBody !== undefined || options.body !== undefined) {
      payload = options.rawBody ?? JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, options.headers);
    const answer = await app.inject({ method: method as 'GET', url: path, headers, payload });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) responseHeaders.append(name, String(one));
    }
    cookies.store(responseHeaders.getSetCookie(), path);
    let body: unknown = answer.body;
    try {
      body = answer.body ? JSON.parse(answer.body) : null;
    } catch {}
    return { status: answer.statusCode, body: body as T, text: answer.body, headers: responseHeaders };
  }
  return {
    identity,
    cookies,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}
