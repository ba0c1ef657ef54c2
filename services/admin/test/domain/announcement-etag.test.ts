// The entity tag of the citizens' announcement list (the banner's poll) and RFC 9110's weak
// If-None-Match comparison.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TAnnouncement } from '@civic/contracts';
import { announcementsEtag, etagMatches } from '../../src/routes/announcement-etag.ts';

const one: TAnnouncement = {
  id: '0b0f6d8e-8a5e-4f7a-9d55-2a3c1f0e9b11',
  title: 'Maintenance',
  content: 'Sunday night',
  type: 'warning',
  isActive: true,
  showUntil: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};

test('the tag is weak, stable for the same list, and changes with any visible change', () => {
  const tag = announcementsEtag([one]);
  assert.match(tag, /^W\/"[A-Za-z0-9_-]{27}"$/);
  assert.equal(announcementsEtag([{ ...one }]), tag);
  assert.notEqual(announcementsEtag([]), tag);
  assert.notEqual(announcementsEtag([{ ...one, content: 'Monday night', updatedAt: '2026-11-25T11:00:00.000Z' }]), tag);
  assert.notEqual(announcementsEtag([{ ...one, type: 'critical' }]), tag);
});

test('If-None-Match: weak comparison, lists, *, nothing', () => {
  const tag = announcementsEtag([one]);
  const opaque = tag.slice(2);
  assert.equal(etagMatches(tag, tag), true);
  assert.equal(etagMatches(opaque, tag), true, 'a strong form of the same tag matches weakly');
  assert.equal(etagMatches(`W/"other", ${tag}`, tag), true);
  assert.equal(etagMatches('*', tag), true);
  assert.equal(etagMatches('W/"other"', tag), false);
  assert.equal(etagMatches(undefined, tag), false);
  assert.equal(etagMatches('', tag), false);
});
