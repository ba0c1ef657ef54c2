// How a claimed pattern covers a route: a pattern ending in /* owns everything below it; `:name` is
// one path segment, whatever its name.

/** Parameter names do not matter for ownership: /a/:id and /a/:userId are one path. */
export function canonicalPattern(pattern: string): string {
  return pattern.replace(/:[^/]+/g, ':');
}

export function claimCovers(pattern: string, routeUrl: string): boolean {
  const claim = canonicalPattern(pattern);
  const url = canonicalPattern(routeUrl);
  if (claim.endsWith('/*')) return url.startsWith(claim.slice(0, -1));
  return claim === url;
}
