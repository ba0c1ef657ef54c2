// The banner of every signed-in page polls GET /api/announcements (frontends/kit announcement-queries.ts);
// an unchanged list answers 304 with no body. The entity tag is a hash of the list as it would be
// sent, so any change a citizen can see (created, edited, deactivated, deleted, expired) changes it;
// it is weak because the gateway may compress the body.
import { createHash } from 'node:crypto';
import type { TAnnouncement } from '@civic/contracts';

export function announcementsEtag(list: readonly TAnnouncement[]): string {
  return `W/"${createHash('sha256').update(JSON.stringify(list)).digest('base64url').slice(0, 27)}"`;
}

/** RFC 9110 13.1.2: If-None-Match matches by weak comparison, any of a comma-separated list, or "*". */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
