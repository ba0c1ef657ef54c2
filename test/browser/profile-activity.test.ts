/// <reference lib="dom" />
// A profile's Recent Activity (spec 2.10) and activity privacy (issue 3: private activity is hidden
// from others) in Chromium: activities come from real events on the bus (a test producer stands in
// for the priorities service), the social service records them, the profile page shows them.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { prioritiesEvents } from '@civic/contracts';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { startTestProducer, type TestProducer } from '../support/test-producer.ts';
import { newSession } from '../support/browser.ts';
import { csrfHeaders, signInThroughApi, uniqueEmail } from './browser-helpers.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';

describe('profile recent activity', { skip: browserTestsSkip() }, () => {
  const { server } = useBrowserTestServer();
  let producer: TestProducer;

  before(async () => {
    producer = await startTestProducer(server.stack);
  });

  test('others see an activity until its owner makes activity private; the owner always does', async () => {
    const owner = await newSession(server.baseUrl);
    const viewer = await newSession(server.baseUrl);
    const author = await signInThroughApi(owner.context, server, uniqueEmail('active'), { firstName: 'Ana', lastName: 'Active' });
    await signInThroughApi(viewer.context, server, uniqueEmail('viewer'));
    const title = `Fix the roads ${randomUUID().slice(0, 8)}`;
    await producer.publish(prioritiesEvents.PriorityCreated, {
      priorityId: randomUUID(),
      authorId: author.id,
      title,
      createdAt: new Date().toISOString(),
    });
    const description = `Created priority "${title}"`;

    const region = (page: typeof owner.page) => page.getByRole('region', { name: 'Recent Activity' });
    // The event reaches social asynchronously: reload until it shows.
    await viewer.page.goto(`/profile/${author.id}`);
    for (let attempt = 0; attempt < 20; attempt++) {
      if (await region(viewer.page).getByText(description).count()) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
      await viewer.page.reload();
    }
    await region(viewer.page).getByText(description).waitFor();
    await region(viewer.page).getByText('Less than an hour ago').waitFor();

    const made = await owner.context.request.patch('/api/settings', { data: { activityVisibility: 'private' }, headers: await csrfHeaders(owner.context) });
    assert.equal(made.status(), 200, await made.text());
    for (let attempt = 0; attempt < 20; attempt++) {
      await viewer.page.reload();
      if (await region(viewer.page).getByText("This user's activity is private.").count()) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await region(viewer.page).getByText("This user's activity is private.").waitFor();
    assert.equal(await region(viewer.page).getByText(description).count(), 0);

    await owner.page.goto(`/profile/${author.id}`);
    await region(owner.page).getByText(description).waitFor();
    for (const session of [owner, viewer]) {
      assert.deepEqual(session.errors, [], 'no script errors on the page');
      await session.close();
    }
  });
});
