// Checks on the route table: two services claiming one path is a start-up error, and so is a
// service registering a route outside what the table gives it.
import { createError } from '@civic/service-kit';
import type { RouteClaim } from './route-table.ts';
import { canonicalPattern as canonical, claimCovers } from './route-patterns.ts';

export { claimCovers };

export const DuplicateRouteClaim = createError('GATEWAY_DUPLICATE_ROUTE', 'Path %s is claimed by both %s and %s', 500);
export const UnclaimedStream = createError('GATEWAY_UNCLAIMED_STREAM', 'Service %s declares the stream %s outside its own paths', 500);
export const UnclaimedDownload = createError('GATEWAY_UNCLAIMED_DOWNLOAD', 'Service %s declares the download %s outside its own paths', 500);
export const UnclaimedRoute = createError('GATEWAY_UNCLAIMED_ROUTE', 'Service %s registered %s, which the route table does not give it', 500);

export function assertNoDuplicateClaims(table: readonly RouteClaim[]): void {
  const owner = new Map<string, string>();
  for (const claim of table) {
    for (const pattern of claim.patterns) {
      const key = canonical(pattern);
      const previous = owner.get(key);
      if (previous !== undefined) throw new DuplicateRouteClaim(pattern, previous, claim.service);
      owner.set(key, claim.service);
    }
    for (const stream of claim.streams ?? []) {
      if (!claim.patterns.some((pattern) => claimCovers(pattern, stream))) throw new UnclaimedStream(claim.service, stream);
    }
    for (const download of claim.downloads ?? []) {
      if (!claim.patterns.some((pattern) => claimCovers(pattern, download))) throw new UnclaimedDownload(claim.service, download);
    }
  }
}

/** Whether a route (as registered: /api/priorities/stream) is one of the table's event streams. */
export function isStreamRoute(table: readonly RouteClaim[], routeUrl: string): boolean {
  return table.some((claim) => claim.streams?.includes(routeUrl) ?? false);
}

/** Whether a route (as registered: /api/open-data/snapshots/:id) is one of the table's downloads. */
export function isDownloadRoute(table: readonly RouteClaim[], routeUrl: string): boolean {
  return table.some((claim) => claim.downloads?.some((download) => canonical(download) === canonical(routeUrl)) ?? false);
}

export function assertRouteOwned(table: readonly RouteClaim[], service: string, routeUrl: string): void {
  const claim = table.find((c) => c.service === service);
  if (!claim?.patterns.some((pattern) => claimCovers(pattern, routeUrl))) throw new UnclaimedRoute(service, routeUrl);
}
