import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TAnnouncement } from '@civic/contracts/admin/http';
import { announcementSummary, dateInputValue, EMPTY_FORM, formOf, formProblem, requestOf, showUntilOf } from './announcement-rules.ts';

const now = new Date(2026, 10, 25, 12, 0, 0);
const day = 24 * 60 * 60 * 1000;
const announcement = (over: Partial<TAnnouncement>): TAnnouncement => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'T',
  content: 'C',
  type: 'info',
  isActive: true,
  showUntil: null,
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
  ...over,
});

test('spec 5: title and content required, the expiry not earlier than today', () => {
  assert.equal(formProblem(EMPTY_FORM, now), 'Title is required');
  assert.equal(formProblem({ ...EMPTY_FORM, title: 'x', content: '  ' }, now), 'Content is required');
  assert.equal(formProblem({ ...EMPTY_FORM, title: 'x', content: 'y', expiryDate: '2026-11-24' }, now), 'The expiry date cannot be earlier than today');
  assert.equal(formProblem({ ...EMPTY_FORM, title: 'x', content: 'y', expiryDate: '2026-11-25' }, now), null);
});

test('an empty expiry is null; a date is the end of that local day, and reads back as the same date', () => {
  assert.equal(showUntilOf(''), null);
  const iso = showUntilOf('2026-11-27');
  assert.ok(iso);
  assert.equal(dateInputValue(new Date(iso)), '2026-11-27');
  assert.equal(formOf(announcement({ showUntil: iso })).expiryDate, '2026-11-27');
  assert.deepEqual(requestOf({ title: ' A ', content: ' B ', type: 'warning', isActive: false, expiryDate: '' }), {
    title: 'A',
    content: 'B',
    type: 'warning',
    isActive: false,
    showUntil: null,
  });
});

test('summary: Critical counts active ones; Expiring Soon is active, within 3 days, not passed', () => {
  const summary = announcementSummary(
    [
      announcement({ type: 'critical' }),
      announcement({ type: 'critical', isActive: false }),
      announcement({ showUntil: new Date(now.getTime() + 2 * day).toISOString() }),
      announcement({ showUntil: new Date(now.getTime() + 4 * day).toISOString() }),
      announcement({ showUntil: new Date(now.getTime() - 1000).toISOString() }),
      announcement({ isActive: false, showUntil: new Date(now.getTime() + day).toISOString() }),
    ],
    now,
  );
  assert.deepEqual(summary, { total: 6, active: 4, critical: 1, expiringSoon: 1 });
});
