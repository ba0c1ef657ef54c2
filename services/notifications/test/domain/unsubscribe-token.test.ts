// The unsubscribe link's token: made and read back under the ring's current key, still read under an
// older key while it is in the ring, refused once that key is gone, and refused when any part changed;
// expired after its lifetime, a token without an issue time counting as issued on LEGACY_LINKS_ISSUED_AT.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { hmacSha256, parseKeyRing } from '@civic/service-kit';
import {
  isUnsubscribeLinkExpired,
  LEGACY_LINKS_ISSUED_AT,
  signUnsubscribeLink,
  UNSUBSCRIBE_LINK_LIFETIME_MS,
  verifyUnsubscribeLink,
} from '../../src/unsubscribe/unsubscribe-token.ts';

const secret = (c: string) => c.repeat(40);
// Whole seconds: the token keeps its issue time in seconds.
const link = { linkId: randomUUID(), userId: randomUUID(), switch: 'activityNotifications' as const, issuedAt: new Date('2027-01-10T08:30:00Z') };

test('a token reads back as the link it was made for', () => {
  const ring = parseKeyRing(secret('a'));
  assert.deepEqual(verifyUnsubscribeLink(ring, signUnsubscribeLink(ring, link)), link);
});

test('rotation: an old key verifies while it is in the ring, not after', () => {
  const old = parseKeyRing(`k1:${secret('a')}`);
  const token = signUnsubscribeLink(old, link);
  assert.match(token, /^k1\./);
  assert.deepEqual(verifyUnsubscribeLink(parseKeyRing(`k2:${secret('b')},k1:${secret('a')}`), token), link);
  assert.equal(verifyUnsubscribeLink(parseKeyRing(`k2:${secret('b')}`), token), undefined);
});

test('a changed body, MAC, key id or a foreign key is refused', () => {
  const ring = parseKeyRing(secret('a'));
  const token = signUnsubscribeLink(ring, link);
  const [body, mac] = token.split('.') as [string, string];
  const otherBody = Buffer.from(JSON.stringify({ l: link.linkId, u: randomUUID(), s: link.switch })).toString('base64url');
  for (const bad of [`${otherBody}.${mac}`, `${body}.${mac.slice(1)}`, `${body}`, `x.${body}.${mac}`, '', 'a.b.c.d']) {
    assert.equal(verifyUnsubscribeLink(ring, bad), undefined, bad);
  }
  assert.equal(verifyUnsubscribeLink(parseKeyRing(secret('b')), token), undefined);
  // A well-signed body of the wrong shape (a switch that does not exist) is refused too.
  const odd = Buffer.from(JSON.stringify({ l: link.linkId, u: link.userId, s: 'everything' })).toString('base64url');
  assert.equal(verifyUnsubscribeLink(ring, `${odd}.${hmacSha256(secret('a'), `unsubscribe.${odd}`)}`), undefined);
});

test('a link works for its lifetime (at least 60 days), not a second longer', () => {
  assert.ok(UNSUBSCRIBE_LINK_LIFETIME_MS >= 60 * 24 * 60 * 60 * 1000);
  const ring = parseKeyRing(secret('a'));
  const read = verifyUnsubscribeLink(ring, signUnsubscribeLink(ring, link))!;
  const at = (ms: number) => new Date(link.issuedAt.getTime() + ms);
  assert.equal(isUnsubscribeLinkExpired(read, at(UNSUBSCRIBE_LINK_LIFETIME_MS)), false);
  assert.equal(isUnsubscribeLinkExpired(read, at(UNSUBSCRIBE_LINK_LIFETIME_MS + 1000)), true);
});

test('a token signed before links carried an issue time counts as issued on the day expiry landed', () => {
  const body = Buffer.from(JSON.stringify({ l: link.linkId, u: link.userId, s: link.switch })).toString('base64url');
  const legacy = verifyUnsubscribeLink(parseKeyRing(secret('a')), `${body}.${hmacSha256(secret('a'), `unsubscribe.${body}`)}`)!;
  assert.deepEqual(legacy.issuedAt, LEGACY_LINKS_ISSUED_AT);
  assert.equal(isUnsubscribeLinkExpired(legacy, new Date(LEGACY_LINKS_ISSUED_AT.getTime() + UNSUBSCRIBE_LINK_LIFETIME_MS + 1000)), true);
});
