// Where each micro-frontend's remoteEntry.js is loaded from, read from `REMOTE_URL_<AREA>` variables
// (e.g. REMOTE_URL_SETTINGS=https://cdn.example.org/settings/remoteEntry.js), so a remote deployed on
// its own is switched to without rebuilding the shell. Unset areas keep the gateway's own copy.
const PREFIX = 'REMOTE_URL_';

/** An absolute http(s) URL, or a path on the gateway itself ("/mf/settings-next/remoteEntry.js"). */
function isRemoteUrl(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The overrides set in `env` for the given areas. A variable naming no area, or a value that is not
 * a URL, stops the start with its message: a typo would otherwise silently keep the old remote.
 */
export function remoteUrlsFromEnv(env: NodeJS.ProcessEnv, areas: readonly string[]): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const [name, raw] of Object.entries(env)) {
    if (!name.startsWith(PREFIX)) continue;
    const value = (raw ?? '').trim();
    if (!value) continue;
    const area = name.slice(PREFIX.length).toLowerCase();
    if (!areas.includes(area)) throw new Error(`${name}: no micro-frontend is called "${area}" (known: ${areas.join(', ')})`);
    if (!isRemoteUrl(value)) throw new Error(`${name}: "${value}" is neither an http(s) URL nor a path starting with /`);
    urls[area] = value;
  }
  return urls;
}

/** The origins other than the page's own that scripts come from (the page's CSP must name them). */
export function remoteScriptOrigins(urls: Record<string, string>): string[] {
  const origins = Object.values(urls).flatMap((url) => (url.startsWith('/') ? [] : [new URL(url).origin]));
  return [...new Set(origins)];
}
