// One demo citizen's browser: its cookies, its CSRF token and a client address of its own, over
// whichever transport the seed drives (the in-process application, or a deployment over HTTP).
// The transport only moves one request; what a browser does around it (cookies, the CSRF retry) is here.

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface ReceivedResponse {
  status: number;
  text: string;
  /** The cookies the response sets; an empty value or a max-age of 0 deletes one. */
  cookies: Array<{ name: string; value: string; maxAge?: number }>;
}

/** Moves one request to the application and back. */
export type Send = (request: SentRequest) => Promise<ReceivedResponse>;

export class Browser {
  readonly cookies = new Map<string, string>();
  csrf: string | undefined;
  constructor(
    readonly send: Send,
    readonly ip: string,
  ) {}

  async request<T = unknown>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const stateChanging = method !== 'GET';
    if (stateChanging && !this.csrf) await this.fetchCsrf();
    const once = async (): Promise<Answer<T>> => {
      const all: Record<string, string> = { 'x-forwarded-for': this.ip, ...headers };
      if (this.cookies.size > 0) all.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      if (stateChanging && this.csrf) all['x-csrf-token'] = this.csrf;
      const response = await this.send({ method, url, headers: all, ...(body === undefined ? {} : { body }) });
      for (const c of response.cookies) {
        if (c.value === '' || c.maxAge === 0) this.cookies.delete(c.name);
        else this.cookies.set(c.name, c.value);
      }
      let parsed: unknown = response.text;
      try {
        parsed = response.text ? JSON.parse(response.text) : null;
      } catch {}
      const answer = { status: response.status, body: parsed as T };
      // The gateway's per-network budgets: a deployment that does not trust this machine as its proxy
      // counts every demo citizen as one client (docs/demo-data.md says what to set).
      if (answer.status === 429 && (parsed as { code?: string } | null)?.code === 'GATEWAY_RATE_LIMITED') {
        throw new Error(
          `${method} ${url}: the gateway's rate limit refused it (${JSON.stringify(parsed)}); does the gateway trust this machine as its proxy (TRUST_PROXY), so that each citizen's X-Forwarded-For counts?`,
        );
      }
      return answer;
    };
    const first = await once();
    // Like the front end: a CSRF refusal (the binding changed at sign-in) fetches a new token once.
    if (first.status === 403 && stateChanging && JSON.stringify(first.body).includes('CSRF')) {
      await this.fetchCsrf();
      return once();
    }
    return first;
  }

  async fetchCsrf() {
    this.csrf = (await this.request<{ token: string }>('GET', '/api/csrf-token')).body.token;
  }
}

export function expectStatus(answer: Answer, statuses: number[], what: string): void {
  if (!statuses.includes(answer.status)) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function forEach<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
