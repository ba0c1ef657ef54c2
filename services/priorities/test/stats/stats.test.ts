// The stats tile's numbers (spec 2.13), from the priorities service alone: its own priorities and the
// citizens and briefing documents it learns from auth's, account's and briefing's events.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { accountEvents, briefingEvents, type TStats, ZStats } from '@civic/contracts';
import { useTestService } from '@civic/service-kit/testing';
import { prioritiesService } from '../../src/app.ts';
import { createPriority, TEST_ENV } from '../support/priorities-helpers.ts';
import { addMember } from '../support/priorities-service.ts';

describe('stats', () => {
  const service = useTestService(prioritiesService, { env: TEST_ENV });

  test('stats: issues, active priorities, citizens registered minus deleted, briefing documents from their events', async () => {
    const viewer = await addMember(service, 'Stat', 'Reader');
    const read = async () => (await viewer.client.get<TStats>('/api/stats')).body;
    const first = ZStats.parse(await read());
    assert.equal(first.totalIssues, 151);
    assert.equal(first.briefingDocs, 0);

    await createPriority(viewer.client);
    assert.equal((await read()).totalPriorities, first.totalPriorities + 1);

    // Registration (auth's event) counts a citizen, the account's deletion (account's event) uncounts them.
    const newcomer = await addMember(service, 'New', 'Citizen');
    assert.equal((await read()).activeCitizens, first.activeCitizens + 1);
    await service.events.deliver(accountEvents.UserDeleted, { userId: newcomer.id, deletedAt: new Date().toISOString() });
    assert.equal((await read()).activeCitizens, first.activeCitizens);

    // A document counts once, however many times its event arrives.
    const documentId = randomUUID();
    const payload = { documentId, authorId: viewer.id, title: 'Carbon pricing talking points', createdAt: new Date().toISOString() };
    await service.events.deliver(briefingEvents.DocumentCreated, payload);
    await service.events.deliver(briefingEvents.DocumentCreated, payload, { id: randomUUID() });
    assert.equal((await read()).briefingDocs, 1);
    await service.events.deliver(briefingEvents.DocumentCreated, { ...payload, documentId: randomUUID() });
    assert.equal((await read()).briefingDocs, 2);
  });
});
