// Announcements (issue 19, spec 2.12 "Announcements", 3, 5, 7.4), from the admin service alone: the
// admin routes with spec 5's rules on the server, each change audited and published as
// civic.admin.announcement.changed, and GET /api/announcements giving signed-in citizens the active,
// unexpired ones.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { ADMIN_MESSAGES, adminEvents, type TAnnouncement, type TAuditLog } from '@civic/contracts';
import { useTestService } from '@civic/service-kit/testing';
import { adminService } from '../../src/app.ts';
import { earliestToday } from '../../src/announcements/announcement-rules.ts';
import { messageOf, pollUntil, TEST_ENV } from '../support/admin-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const dateOnly = (date: Date) => date.toISOString().slice(0, 10);

describe('announcements', () => {
  const service = useTestService(adminService, { env: TEST_ENV });
  const adminId = randomUUID();
  const admin = () => service.asUser(adminId, { isAdmin: true });
  const body = (overrides: Record<string, unknown> = {}) => ({
    title: 'Scheduled maintenance',
    content: 'The site is read-only on Sunday.',
    type: 'warning',
    isActive: true,
    showUntil: null,
    ...overrides,
  });

  test("spec 5's rules on the server: title and content required, type one of four, showUntil null or not before today", async () => {
    const client = admin();
    const cases: [Record<string, unknown>, string][] = [
      [body({ title: '' }), ADMIN_MESSAGES.titleRequired],
      [body({ title: '   ' }), ADMIN_MESSAGES.titleRequired],
      [body({ content: '' }), ADMIN_MESSAGES.contentRequired],
      [body({ type: 'urgent' }), ADMIN_MESSAGES.announcementType],
      [body({ showUntil: new Date(Date.now() - 3 * DAY).toISOString() }), ADMIN_MESSAGES.showUntilInPast],
      [body({ showUntil: 'next week' }), ADMIN_MESSAGES.showUntilInvalid],
    ];
    for (const [payload, message] of cases) {
      const answer = await client.post('/api/admin/announcements', payload);
      assert.equal(answer.status, 400, `${JSON.stringify(payload)}: ${answer.text}`);
      assert.equal(messageOf(answer), message);
    }
    // Today (as the date input sends it) is accepted; an empty expiry is null; type defaults to info.
    const today = await client.post<TAnnouncement>('/api/admin/announcements', body({ showUntil: `${dateOnly(new Date())}T00:00:00.000Z` }));
    assert.equal(today.status, 200, today.text);
    const plain = await client.post<TAnnouncement>('/api/admin/announcements', { title: 'Hello', content: 'Welcome aboard', showUntil: '' });
    assert.equal(plain.status, 200, plain.text);
    assert.equal(plain.body.type, 'info');
    assert.equal(plain.body.showUntil, null);
    assert.equal(plain.body.isActive, true);
  });

  test('earliestToday: no administrator is refused their own today, whatever their time zone', () => {
    // 06:00 UTC on the 25th is still the 24th at UTC-10: the 24th is accepted, the 23rd is not.
    assert.equal(earliestToday(new Date('2026-11-25T06:00:00Z')).toISOString(), '2026-11-24T00:00:00.000Z');
    assert.equal(earliestToday(new Date('2026-11-25T13:00:00Z')).toISOString(), '2026-11-25T00:00:00.000Z');
  });

  test('create, edit, deactivate, delete: each audited and published; citizens see only the active, unexpired ones', async () => {
    const client = admin();
    const citizen = service.asUser(randomUUID());
    const created = await client.post<TAnnouncement>(
      '/api/admin/announcements',
      body({ type: 'critical', showUntil: new Date(Date.now() + 2 * DAY).toISOString() }),
    );
    assert.equal(created.status, 200, created.text);
    const id = created.body.id;
    const visible = async () => (await citizen.get<TAnnouncement[]>('/api/announcements')).body.map((a) => a.id);
    assert.ok((await visible()).includes(id));
    assert.equal((await citizen.get('/api/admin/announcements')).status, 403, 'the admin list is not a citizen’s');
    assert.equal((await service.asVisitor().get('/api/announcements')).status, 401);

    const edited = await client.request<TAnnouncement>('PATCH', `/api/admin/announcements/${id}`, {
      body: body({ title: 'Maintenance moved', type: 'info', isActive: false }),
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.title, 'Maintenance moved');
    assert.equal(edited.body.isActive, false);
    assert.ok(!(await visible()).includes(id), 'inactive: hidden');
    const activeOnly = await client.get<TAnnouncement[]>('/api/admin/announcements?activeOnly=true');
    assert.ok(!activeOnly.body.some((a) => a.id === id));
    const all = await client.get<TAnnouncement[]>('/api/admin/announcements?activeOnly=false');
    assert.ok(all.body.some((a) => a.id === id));
    assert.equal((await client.request('PATCH', `/api/admin/announcements/${id}`, { body: { title: '' } })).status, 400);

    const deleted = await client.request('DELETE', `/api/admin/announcements/${id}`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(deleted.body, { message: ADMIN_MESSAGES.announcementDeleted, id });
    assert.equal((await client.request('DELETE', `/api/admin/announcements/${id}`)).status, 404);
    assert.equal((await client.request('PATCH', `/api/admin/announcements/${id}`, { body: { isActive: true } })).status, 404);
    assert.equal((await client.request('DELETE', '/api/admin/announcements/not-a-uuid')).status, 404);

    const entries = (await client.get<TAuditLog[]>(`/api/admin/audit-logs?search=${id}`)).body;
    assert.deepEqual(entries.map((e) => e.action).sort(), ['create_announcement', 'delete_announcement', 'update_announcement']);
    for (const entry of entries) {
      assert.equal(entry.targetType, 'announcement');
      assert.equal(entry.adminId, adminId);
    }
    const changes = await pollUntil(
      async () => service.events.published(adminEvents.AnnouncementChanged).filter((envelope) => envelope.payload.announcementId === id),
      (found) => found.length === 3,
    );
    assert.deepEqual(
      changes.map((e) => [e.payload.change, e.payload.visible]),
      [
        ['created', true],
        ['updated', false],
        ['deleted', false],
      ],
    );
  });

  test("the banner's poll: an unchanged list answers 304 to If-None-Match; a creation, an edit or a deactivation changes the tag", async () => {
    const client = admin();
    const citizen = service.asUser(randomUUID());
    const read = (etag?: string) => citizen.request<TAnnouncement[]>('GET', '/api/announcements', { headers: etag ? { 'if-none-match': etag } : {} });
    const first = await read();
    assert.equal(first.status, 200, first.text);
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^W\/"[A-Za-z0-9_-]+"$/);
    assert.match(first.headers.get('cache-control') ?? '', /private/);
    const unchanged = await read(etag!);
    assert.equal(unchanged.status, 304);
    assert.equal(unchanged.text, '');

    const created = await client.post<TAnnouncement>('/api/admin/announcements', body({ title: 'Etag check' }));
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body.updatedAt, created.body.createdAt, 'updatedAt starts at the creation');
    const afterCreate = await read(etag!);
    assert.equal(afterCreate.status, 200, 'a creation changes the tag');
    assert.ok(afterCreate.body.some((a) => a.id === created.body.id));
    const etag2 = afterCreate.headers.get('etag')!;
    assert.notEqual(etag2, etag);

    const edited = await client.request<TAnnouncement>('PATCH', `/api/admin/announcements/${created.body.id}`, { body: { content: 'Edited text' } });
    assert.equal(edited.status, 200, edited.text);
    const afterEdit = await read(etag2);
    assert.equal(afterEdit.status, 200, 'an edit changes the tag');
    const etag3 = afterEdit.headers.get('etag')!;

    const deactivated = await client.request('PATCH', `/api/admin/announcements/${created.body.id}`, { body: { isActive: false } });
    assert.equal(deactivated.status, 200, deactivated.text);
    const afterDeactivate = await read(etag3);
    assert.equal(afterDeactivate.status, 200, 'a deactivation changes the tag');
    assert.ok(!afterDeactivate.body.some((a) => a.id === created.body.id));
  });

  test('an expired announcement leaves the citizens’ list by itself', async () => {
    const client = admin();
    const citizen = service.asUser(randomUUID());
    // Expiring today at midnight UTC: accepted (not before today), and already past once the day began.
    const created = await client.post<TAnnouncement>('/api/admin/announcements', body({ showUntil: `${dateOnly(new Date())}T00:00:00.000Z` }));
    assert.equal(created.status, 200, created.text);
    const citizens = (await citizen.get<TAnnouncement[]>('/api/announcements')).body;
    assert.ok(!citizens.some((a) => a.id === created.body.id));
  });
});
