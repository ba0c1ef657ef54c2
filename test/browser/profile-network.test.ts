/// <reference lib="dom" />
// The profile's network parts (spec 2.10, 8; issue 18) in Chromium: political capital, followers and
// following on another citizen's profile, the follow control and Block User / Unblock User (their
// toasts, the counts and buttons changing without a reload), the notice when blocked either way with
// the activity hidden, and the Blocked Users dialog of one's own profile with its View Profile links.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { findSeriousA11yViolations } from './axe.ts';
import { csrfHeaders, toastArea } from './browser-helpers.ts';
import { block, type Citizen, follow, runSuffix, signInCitizen, waitForCounts } from './network-helpers.ts';

const stat = (page: Page, label: string) => page.locator(`xpath=//dl[@aria-label="Statistics"]//dt[normalize-space()="${label}"]/../dd`);
const toast = (page: Page, title: string) => toastArea(page).getByText(title, { exact: true });
const activity = (page: Page) => page.getByRole('region', { name: 'Recent Activity' });
const BLOCKED_ACTIVITY = 'Activity is hidden because one of you has blocked the other.';

async function openProfile(page: Page, citizen: Citizen): Promise<void> {
  await page.goto(`/profile/${citizen.user.id}`);
  await page.getByRole('heading', { level: 1, name: citizen.name }).waitFor();
}

describe('profile network controls', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer();
  const suffix = runSuffix();
  let viewer: Citizen;
  let owner: Citizen;
  let fan: Citizen;

  before(async () => {
    viewer = await signInCitizen(suite, 'Vera', `Prof${suffix}`);
    owner = await signInCitizen(suite, 'Otto', `Prof${suffix}`);
    fan = await signInCitizen(suite, 'Fay', `Prof${suffix}`);
    await follow(fan, owner);
    await follow(owner, fan);
  });

  test("another citizen's profile: standing, Follow and Unfollow with the counts changing at once", async () => {
    const { page } = viewer.session;
    await openProfile(page, owner);
    // The profile answer's counts come from account's read model of social's events.
    for (const deadline = Date.now() + 8000; (await stat(page, 'Followers').textContent()) !== '1' && Date.now() < deadline; ) await page.reload();
    assert.equal(await stat(page, 'Followers').textContent(), '1');
    assert.equal(await stat(page, 'Following').textContent(), '1');
    assert.match((await stat(page, 'Political Capital').textContent()) ?? '', /^[1-9][\d,]* PC$/);
    await page.getByRole('button', { name: 'Block User' }).waitFor();

    await page.getByRole('button', { name: `Follow ${owner.name}` }).click();
    await toast(page, 'User Followed').waitFor();
    await page.getByRole('button', { name: `Unfollow ${owner.name}` }).waitFor();
    assert.equal(await stat(page, 'Followers').textContent(), '2', 'the count moved without a reload');
    await waitForCounts(viewer, { following: 1 });

    await page.reload();
    await page.getByRole('button', { name: `Unfollow ${owner.name}` }).click();
    await toast(page, 'User Unfollowed').waitFor();
    await page.getByRole('button', { name: `Follow ${owner.name}` }).waitFor();
    assert.equal(await stat(page, 'Followers').textContent(), '1');
    assert.deepEqual(viewer.session.errors, []);
  });

  test('blocking hides the follow control and the activity both ways, with a notice; unblocking brings them back', async () => {
    const { page } = viewer.session;
    await follow(viewer, owner);
    await openProfile(page, owner);
    await page.getByRole('button', { name: 'Block User' }).click();
    await toast(page, 'User Blocked').waitFor();
    await page.getByRole('button', { name: 'Unblock User' }).waitFor();
    await page.getByRole('note').getByText('You have blocked this user.', { exact: false }).waitFor();
    await activity(page).getByText(BLOCKED_ACTIVITY).waitFor();
    assert.equal(await page.getByRole('button', { name: `Follow ${owner.name}` }).count(), 0);
    assert.equal(await page.getByRole('button', { name: `Unfollow ${owner.name}` }).count(), 0);
    // The block cut my follow: my own count dropped.
    await waitForCounts(viewer, { following: 0 });

    // The blocked citizen sees the notice on the blocker's profile, no follow control, no activity.
    const blocked = owner.session.page;
    await openProfile(blocked, viewer);
    await blocked.getByRole('note').getByText('This user has blocked you.', { exact: false }).waitFor();
    await activity(blocked).getByText(BLOCKED_ACTIVITY).waitFor();
    assert.equal(await blocked.getByRole('button', { name: `Follow ${viewer.name}` }).count(), 0);
    assert.deepEqual(await findSeriousA11yViolations(blocked), []);

    await page.getByRole('button', { name: 'Unblock User' }).click();
    await toast(page, 'User Unblocked').waitFor();
    await page.getByRole('button', { name: `Follow ${owner.name}` }).waitFor();
    assert.equal(await page.getByRole('note').count(), 0);
    await activity(page).getByText(BLOCKED_ACTIVITY).waitFor({ state: 'detached' });
    assert.deepEqual(viewer.session.errors, []);
  });

  test("one's own profile: Blocked Users dialog with View Profile links; no follow or block control", async () => {
    const { page } = viewer.session;
    await block(viewer, fan);
    await openProfile(page, viewer);
    assert.equal(await page.getByRole('button', { name: 'Block User' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /^Follow / }).count(), 0);
    await page.getByRole('button', { name: 'Blocked Users' }).click();
    const blockedDialog = page.getByRole('dialog', { name: 'Blocked Users' });
    const entry = blockedDialog.getByRole('listitem', { name: fan.name });
    await entry.waitFor();
    assert.deepEqual(await findSeriousA11yViolations(page), []);
    assert.equal(await entry.getByRole('link', { name: 'View Profile' }).getAttribute('href'), `/profile/${fan.user.id}`);
    await entry.getByRole('link', { name: 'View Profile' }).click();
    await page.getByRole('heading', { level: 1, name: fan.name }).waitFor();
    await blockedDialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Unblock User' }).waitFor();
    assert.deepEqual(viewer.session.errors, []);
  });

  test('a private profile still offers the follow control and Block User', async () => {
    const hermit = await signInCitizen(suite, 'Hana', `Prof${suffix}`);
    const made = await hermit.session.context.request.patch('/api/settings', {
      data: { profileVisibility: 'private' },
      headers: await csrfHeaders(hermit.session.context),
    });
    assert.equal(made.status(), 200, await made.text());
    const { page } = viewer.session;
    await page.goto(`/profile/${hermit.user.id}`);
    for (let attempt = 0; attempt < 40 && !(await page.getByText('This profile is private.').count()); attempt++) {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: hermit.name }).waitFor();
    }
    await page.getByText('This profile is private.').waitFor();
    await page.getByRole('button', { name: `Follow ${hermit.name}` }).click();
    await toast(page, 'User Followed').waitFor();
    await page.getByRole('button', { name: `Unfollow ${hermit.name}` }).waitFor();
    await page.getByRole('button', { name: 'Block User' }).click();
    await toast(page, 'User Blocked').waitFor();
    await page.getByRole('note').getByText('You have blocked this user.', { exact: false }).waitFor();
    assert.equal(await page.getByRole('button', { name: `Unfollow ${hermit.name}` }).count(), 0);
  });

  test('a refused block shows "Failed to update block status"; a refused follow the follow failure', async () => {
    const { page } = viewer.session;
    await openProfile(page, owner);
    await page.route('**/api/users/*/block', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
    await page.getByRole('button', { name: 'Block User' }).click();
    await toast(page, 'Failed to update block status').waitFor();
    await page.route('**/api/users/*/follow', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
    await page.getByRole('button', { name: `Follow ${owner.name}` }).click();
    await toast(page, 'Failed to update follow status. Please try again.').waitFor();
    await page.unrouteAll();
  });
});
