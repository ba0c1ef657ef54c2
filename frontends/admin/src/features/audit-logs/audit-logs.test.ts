import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TAuditLog } from '@civic/contracts/admin/http';
import { auditCsv, auditCsvFileName } from './audit-csv.ts';
import { auditLogsPath, hasNextPage, NO_FILTERS } from './audit-query.ts';
import { actionLabel, auditSummary } from './audit-summary.ts';

const log = (over: Partial<TAuditLog>): TAuditLog => ({
  id: '00000000-0000-4000-8000-000000000001',
  adminId: '00000000-0000-4000-8000-00000000000a',
  action: 'update_setting',
  targetType: 'setting',
  targetId: 'daily_login_bonus',
  details: { oldValue: '1', newValue: '2' },
  createdAt: '2026-11-25T10:00:00.000Z',
  requestId: null,
  ip: null,
  prevHash: '0',
  hash: '1',
  ...over,
});

test('spec 7.4: limit 50, offset page × 50; all filters are left out', () => {
  assert.equal(auditLogsPath(NO_FILTERS, 0), '/api/admin/audit-logs?limit=50&offset=0');
  assert.equal(
    auditLogsPath({ search: ' ban ', action: 'ban_user', dateRange: 'week' }, 2),
    '/api/admin/audit-logs?limit=50&offset=100&search=ban&action=ban_user&dateRange=week',
  );
  assert.equal(hasNextPage(50), true);
  assert.equal(hasNextPage(49), false);
});

test('summary cards count the loaded page', () => {
  const summary = auditSummary([
    log({}),
    log({ action: 'ban_user', targetType: 'user' }),
    log({ action: 'delete_priority', targetType: 'priority' }),
    log({ action: 'delete_briefing_doc', targetType: 'briefing_doc' }),
  ]);
  assert.deepEqual(summary, { total: 4, userActions: 1, contentActions: 2, settingsChanges: 1 });
  assert.equal(actionLabel('delete_briefing_doc'), 'Delete Briefing Doc');
});

test('CSV: the spec columns, quoted, formulas defused; the file name carries the date', () => {
  const csv = auditCsv([log({ details: { title: '=HYPERLINK("x")' } })]);
  const [header, row] = csv.trimEnd().split('\r\n');
  assert.equal(header, '"Date","Admin","Action","Target Type","Target ID","Details"');
  assert.equal(
    row,
    '"2026-11-25T10:00:00.000Z","00000000-0000-4000-8000-00000000000a","update_setting","setting","daily_login_bonus","{""title"":""=HYPERLINK(\\""x\\"")""}"',
  );
  assert.equal(auditCsv([log({ targetId: '-1+2' })]).includes('"\'-1+2"'), true);
  assert.equal(auditCsvFileName(new Date('2026-11-25T23:59:00Z')), 'audit-logs-2026-11-25.csv');
});
