// A test caller's cookies, kept as a browser keeps them for one origin: a Set-Cookie replaces the
// cookie of its name and path, Max-Age=0 or a past Expires removes it, an expired one is no longer
// sent, and a request carries the cookies whose path covers its own (RFC 6265 5.1.4).

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  /** Epoch ms after which it is gone; null: until the jar is dropped (a session cookie). */
  expiresAt: number | null;
}

export class CookieJar implements Iterable<[string, string]> {
  readonly #cookies: StoredCookie[] = [];

  /** `now` decides expiry (the wall clock unless given: a test on a manual clock may pass its own). */
  constructor(private readonly now: () => number = Date.now) {}

  /** Sets a cookie as a browser's user could (path /, no expiry), e.g. a forged or copied one. */
  set(name: string, value: string, path = '/'): this {
    this.#put({ name, value, path, expiresAt: null });
    return this;
  }

  /** The value of the live cookie of that name (the one of the longest path when there are several). */
  get(name: string): string | undefined {
    return this.#live()
      .filter((cookie) => cookie.name === name)
      .sort((a, b) => b.path.length - a.path.length)[0]?.value;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  /** Removes every cookie of that name. */
  delete(name: string): boolean {
    const before = this.#cookies.length;
    for (let i = this.#cookies.length - 1; i >= 0; i--) if (this.#cookies[i]!.name === name) this.#cookies.splice(i, 1);
    return this.#cookies.length !== before;
  }

  clear(): void {
    this.#cookies.length = 0;
  }

  /** The live cookies as name and value pairs (as `ApiClient.cookies`, a Map, iterates). */
  *[Symbol.iterator](): Iterator<[string, string]> {
    for (const cookie of this.#live()) yield [cookie.name, cookie.value];
  }

  /** Takes the Set-Cookie lines of an answer to a request for `requestPath`. */
  store(setCookieLines: readonly string[], requestPath = '/'): void {
    for (const line of setCookieLines) {
      const cookie = parseSetCookie(line, requestPath, this.now());
      if (cookie) this.#put(cookie);
    }
  }

  /** The Cookie header for a request to `path` (undefined when no cookie goes with it). */
  header(path = '/'): string | undefined {
    const requestPath = pathOnly(path);
    const sent = this.#live()
      .filter((cookie) => pathMatches(requestPath, cookie.path))
      // Longer paths first, as browsers send them.
      .sort((a, b) => b.path.length - a.path.length);
    return sent.length ? sent.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') : undefined;
  }

  #put(cookie: StoredCookie): void {
    const at = this.#cookies.findIndex((c) => c.name === cookie.name && c.path === cookie.path);
    if (at >= 0) this.#cookies.splice(at, 1);
    if (cookie.expiresAt === null || cookie.expiresAt > this.now()) this.#cookies.push(cookie);
  }

  #live(): StoredCookie[] {
    const now = this.now();
    for (let i = this.#cookies.length - 1; i >= 0; i--) {
      const expiresAt = this.#cookies[i]!.expiresAt;
      if (expiresAt !== null && expiresAt <= now) this.#cookies.splice(i, 1);
    }
    return this.#cookies;
  }
}

function parseSetCookie(line: string, requestPath: string, now: number): StoredCookie | null {
  const [pair = '', ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const cookie: StoredCookie = { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), path: defaultPath(requestPath), expiresAt: null };
  let maxAge: number | undefined;
  let expires: number | undefined;
  for (const attribute of attributes) {
    const at = attribute.indexOf('=');
    const key = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    const value = at < 0 ? '' : attribute.slice(at + 1).trim();
    if (key === 'path' && value.startsWith('/')) cookie.path = value;
    else if (key === 'max-age' && /^-?\d+$/.test(value)) maxAge = Number(value);
    else if (key === 'expires' && !Number.isNaN(Date.parse(value))) expires = Date.parse(value);
  }
  // Max-Age wins over Expires; zero or less removes the cookie.
  if (maxAge !== undefined) cookie.expiresAt = maxAge <= 0 ? Number.NEGATIVE_INFINITY : now + maxAge * 1000;
  else if (expires !== undefined) cookie.expiresAt = expires;
  return cookie;
}

/** The directory of the request's path, the path of a cookie set without one (RFC 6265 5.1.4). */
function defaultPath(requestPath: string): string {
  const path = pathOnly(requestPath);
  const slash = path.lastIndexOf('/');
  return slash <= 0 ? '/' : path.slice(0, slash);
}

function pathOnly(path: string): string {
  const end = path.search(/[?#]/);
  const only = end < 0 ? path : path.slice(0, end);
  return only.startsWith('/') ? only : '/';
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}
