// What logs and traces record of a request URL, and what the gateway's path checks read: its path,
// never its query string (nor a fragment a raw client may send), which can carry a magic link's
// token (GET /?token=...) or what a user searched for (SECURITY 28). No imports, so telemetry.ts can
// use it before the modules it instruments are loaded.

/** The URL up to its query ("?") or fragment ("#"), whichever comes first: where the router's path ends too. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}
