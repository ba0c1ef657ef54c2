// The list filters the screens leave out for "all" (spec 7.3, 7.4): a stray `all` or empty value is
// no filter, a real value is kept, anything else is still refused.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ZAuditLogQuery } from '../admin/http.ts';
import { ZBriefingDocListQuery } from '../briefing/http.ts';
import { ZPriorityListQuery } from '../priorities/http.ts';

const cases = [
  { name: 'priorities: category', schema: ZPriorityListQuery, key: 'category', kept: 'Healthcare' },
  { name: 'briefing documents: type', schema: ZBriefingDocListQuery, key: 'type', kept: 'research' },
  { name: 'audit log: action', schema: ZAuditLogQuery, key: 'action', kept: 'ban_user' },
] as const;

for (const { name, schema, key, kept } of cases) {
  test(`${name}: "all" and an empty value mean no filter, a real value is kept, an unknown one refused`, () => {
    for (const all of ['all', '']) {
      const parsed = schema.safeParse({ [key]: all });
      assert.ok(parsed.success, `${all}: ${parsed.error?.message}`);
      assert.equal((parsed.data as Record<string, unknown>)[key], undefined);
    }
    const real = schema.safeParse({ [key]: kept });
    assert.ok(real.success, real.error?.message);
    assert.equal((real.data as Record<string, unknown>)[key], kept);
    assert.equal(schema.safeParse({ [key]: 'nonsense' }).success, false);
  });
}
