/// <reference lib="dom" />
// Issue 23 in Chromium at phone width: a citizen picks their state in Edit Profile and it is saved;
// the state selector on /priorities shows that state's agenda: the voters counted, a priority that
// ten of the state's voters endorsed first with its state tally, and "Not enough votes in Ohio" for
// one with fewer; and the dashboard's Top Priorities offers the same selector. Tallies are counted at
// every read here (PRIORITIES_STATE_TALLIES_MS=0; a minute in production). The states count from the
// next hourly epoch (docs/ranking.md section 7a): the services' clock is moved past the hour and the
// epoch job run.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MIGRATIONS_DIR, prioritiesJobsOf } from '../../services/priorities/src/app.ts';
import { pollUntil } from '../support/poll.ts';
import { SteppingClock } from '../support/stepping-clock.ts';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { PHONE_VIEWPORT } from '../support/browser.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { signInThroughApi, toastArea, uniqueEmail } from './browser-helpers.ts';
import { allPriorities, apiCitizen, apiCreatePriority, apiVote, BULK_ENV, cardOf, topPriorities, type ApiCitizen } from './priority-helpers.ts';

describe('the agenda by state', { skip: browserTestsSkip() }, () => {
  const clock = new SteppingClock();
  const suite = useBrowserTestServer({ env: { ...BULK_ENV, PRIORITIES_STATE_TALLIES_MS: '0', PRIORITIES_STATE_EPOCH_CHECK_MS: '600000' }, clock });
  const stateCitizens: string[] = [];

  /** Once priorities holds every state citizen's state on a public profile, the hour ends and its epoch is applied. */
  async function enterNextEpoch(): Promise<void> {
    const priorities = suite.server.stack.platforms.priorities!;
    const { driver } = await priorities.databases.open('priorities', MIGRATIONS_DIR);
    await pollUntil(
      () =>
        driver.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM priorities.members WHERE user_id = ANY($1::uuid[]) AND state IS NOT NULL AND profile_public',
          [stateCitizens],
        ),
      (rows) => Number(rows[0]!.n) === stateCitizens.length,
    );
    clock.skip(3_600_000);
    await prioritiesJobsOf(priorities)!.stateEpoch.runNow();
  }

  /** A citizen of `state` (set through the profile API, as Edit Profile does). */
  async function stateCitizen(name: string, state: string): Promise<ApiCitizen> {
    const citizen = await apiCitizen(suite.server, name);
    const saved = await citizen.client.request('PATCH', `/api/users/${citizen.id}/profile`, { body: { firstName: name, lastName: 'Citizen', state } });
    assert.equal(saved.status, 200, saved.text);
    stateCitizens.push(citizen.id);
    return citizen;
  }

  test('Edit Profile saves the state; the state selector shows its agenda, its voters and "Not enough votes in Ohio"', async () => {
    const { page, context, errors } = await suite.start({ viewport: PHONE_VIEWPORT });
    const user = await signInThroughApi(context, suite.server, uniqueEmail('buckeye'), { firstName: 'Olive', lastName: 'Ohioan' });

    // Edit Profile: the state select saves, and the dialog opens with it again.
    await page.goto(`/profile/${user.id}`);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Profile' });
    await editor.getByLabel('State', { exact: true }).selectOption('OH');
    await expectNoSeriousA11yViolations(page, 'Edit Profile with the state select, phone width');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await toastArea(page).getByText('Profile Updated', { exact: true }).waitFor();
    await editor.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    assert.equal(await editor.getByLabel('State', { exact: true }).inputValue(), 'OH');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });

    // Ten Ohioans endorse one priority; another has a single Ohio voter (and a Pennsylvanian's).
    const author = await apiCitizen(suite.server, 'Agnes');
    const popular = await apiCreatePriority(author, { title: 'Repair the Ohio River locks' });
    const quiet = await apiCreatePriority(author, { title: 'Restore the Great Lakes wetlands' });
    for (let i = 0; i < 10; i++) await apiVote(await stateCitizen(`Ohioan${i}`, 'OH'), popular.id, 'endorse');
    await apiVote(await stateCitizen('Lone', 'OH'), quiet.id, 'oppose');
    await apiVote(await stateCitizen('Penn', 'PA'), quiet.id, 'endorse');
    await enterNextEpoch();

    await page.goto('/priorities');
    const list = allPriorities(page);
    await cardOf(list, popular.title).waitFor();
    await page.getByRole('search', { name: 'Filter priorities' }).getByLabel('State', { exact: true }).selectOption('OH');
    await page.getByText(/^Ranked by 11 voters counted in Ohio/).waitFor();
    const first = cardOf(list, popular.title);
    await first.getByText('In Ohio: 10 endorsements, 0 oppositions', { exact: true }).waitFor();
    await first.getByRole('img', { name: 'Rank 1' }).waitFor();
    const second = cardOf(list, quiet.title);
    await second.getByText('Not enough votes in Ohio', { exact: true }).waitFor();
    assert.equal(await second.getByRole('img', { name: /^Rank/ }).count(), 0, 'no state rank without a state tally');
    await expectNoSeriousA11yViolations(page, '/priorities by state, phone width');

    // Pennsylvania: one voter, no tallies.
    await page.getByRole('search', { name: 'Filter priorities' }).getByLabel('State', { exact: true }).selectOption('PA');
    await page.getByText(/^Ranked by 1 voter counted in Pennsylvania/).waitFor();
    await cardOf(list, popular.title).getByText('Not enough votes in Pennsylvania', { exact: true }).waitFor();

    // The dashboard's Top Priorities has the same selector.
    await page.goto('/');
    await cardOf(topPriorities(page), popular.title).waitFor();
    await page.getByRole('search', { name: 'Filter priorities' }).getByLabel('State', { exact: true }).selectOption('OH');
    await cardOf(topPriorities(page), popular.title).getByText('In Ohio: 10 endorsements, 0 oppositions', { exact: true }).waitFor();
    await page.getByText(/^Ranked by 11 voters counted in Ohio/).waitFor();
    assert.deepEqual(errors, []);
  });
});
