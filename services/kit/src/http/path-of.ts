// What logs and traces record of a request URL: its path, never its query string, which can carry
// a magic link's token (GET /?token=...) or what a user searched for (SECURITY 28). No imports, so
// telemetry.ts can use it before the modules it instruments are loaded.

export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
