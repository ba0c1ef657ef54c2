// A browser-like HTTP client for integration tests: keeps cookies, fetches and sends the CSRF token
// like the front end does, and can pose as a distinct client address (the gateway trusts
// X-Forwarded-For in tests, as it would behind a load balancer).
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/**
 * What a test's helpers call a service with: this client through the gateway, or the client of a
 * service the kit's test harness built alone (@civic/service-kit/testing), which answers the same way.
 */
export interface HttpCaller {
  get<T = any>(path: string): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body?: unknown, options?: { headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  request<T = any>(method: string, path: string, options?: { body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
}

export class ApiClient {
  readonly cookies = new Map<string, string>();
  csrfToken: string | undefined;
  /** When set, a request without an answer by then fails (fault-injection tests bound every wait). */
  timeoutMs: number | undefined;

  constructor(
    readonly baseUrl: string,
    readonly ip: string = `10.${rand()}.${rand()}.${rand()}`,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  #store(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\b/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split('=')[1]!) < new Date()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Like the front end (spec 7.1): a 403 mentioning CSRF fetches a fresh token and retries once. */
  async request<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const first = await this.#send<T>(method, path, options);
    if (first.status !== 403 || options.csrf === false || !first.text.includes('CSRF')) return first;
    await this.fetchCsrfToken();
    return this.#send<T>(method, path, options);
  }

  async #send<T>(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; csrf?: boolean; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>> {
    const stateChanging = !['GET', 'HEAD'].includes(method);
    if (stateChanging && options.csrf !== false && !this.csrfToken) await this.fetchCsrfToken();
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...options.headers };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (stateChanging && options.csrf !== false && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const signal = this.timeoutMs ? AbortSignal.timeout(this.timeoutMs) : undefined;
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual', signal });
    this.#store(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }

  async fetchCsrfToken(): Promise<string> {
    const response = await this.request<{ token: string }>('GET', '/api/csrf-token');
    this.csrfToken = response.body.token;
    return this.csrfToken;
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown, options: { csrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.request<T>('POST', path, { ...options, body });
  }
}

function rand(): number {
  return Math.floor(Math.random() * 250) + 1;
}
