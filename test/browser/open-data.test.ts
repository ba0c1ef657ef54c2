/// <reference lib="dom" />
// Issue 23 in Chromium at phone width: "Verify my vote" checks a receipt with the page's Web Crypto.
// A citizen endorses a priority on /priorities, an administrator takes a snapshot through the API, and
// the card says "Your endorsement is counted in the snapshot of {time}"; a published list whose root
// differs (the route answered here) makes the same check fail, and so does a published line that counts
// the leaf's place among the priority's oppositions; an opposition after the snapshot is
// pending until the next one, whose time the card gives. The administrator's dashboard card takes a
// snapshot and shows its root and leaves. The math: frontends/priorities/src/features/verify-vote.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { TSnapshotList, TSnapshotSummary } from '@civic/contracts';
import type { Locator, Page } from 'playwright-core';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { PHONE_VIEWPORT } from '../support/browser.ts';
import { pollUntil } from '../support/poll.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { ADMIN_EMAIL, adminClient } from './admin-api-helpers.ts';
import { adminEmail, assertNoHorizontalOverflow, signInAsAdmin } from './admin-helpers.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { signInThroughApi, uniqueEmail } from './browser-helpers.ts';
import { allPriorities, apiCitizen, apiCreatePriority, BULK_ENV, cardOf, fulfillWith } from './priority-helpers.ts';

/** The dashboard's administrator (ADMIN_EMAIL signs in through the API only: one address, one mail per 30 s). */
const DASHBOARD_ADMIN = adminEmail('open-data');

/** A week between scheduled snapshots: the schedule cannot take one between the test's own steps. */
const WEEK_MS = 7 * 24 * 3_600_000;

/** A time as the card writes it: the page's locale and time zone, date medium, time to the minute. */
const pageTime = (page: Page, iso: string) =>
  page.evaluate((at) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)), iso);

/** Waits for a vote button to show the vote as recorded. */
const pressed = (button: Locator) =>
  pollUntil(
    () => button.getAttribute('aria-pressed'),
    (value) => value === 'true',
  );

describe('open data: verify my vote', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer({
    env: { ...BULK_ENV, ADMIN_EMAILS: `${ADMIN_EMAIL},${DASHBOARD_ADMIN}`, OPEN_DATA_SNAPSHOT_MS: String(WEEK_MS) },
    // Endorse, then oppose within the test: the vote-change cooldown is the service's concern.
    settings: { vote_change_cooldown_hours: '0' },
  });

  test('a counted endorsement verifies in the browser, a tampered published root fails, a newer opposition is pending', async () => {
    const { page, context, errors } = await suite.start({ viewport: PHONE_VIEWPORT, locale: 'en-US', timezoneId: 'America/New_York' });
    await signInThroughApi(context, suite.server, uniqueEmail('verifier'));
    const author = await apiCitizen(suite.server, 'Ada');
    const title = 'Publish the ranking as open data';
    await apiCreatePriority(author, { title });

    await page.goto('/priorities');
    const card = cardOf(allPriorities(page), title);
    const verifyButton = card.getByRole('button', { name: 'Verify my vote' });
    assert.equal(await verifyButton.count(), 0, 'no vote, nothing to verify');
    const endorse = card.getByRole('button', { name: 'Endorse' });
    await endorse.click();
    await pressed(endorse);
    await verifyButton.waitFor();

    const taken = await (await adminClient(suite)).post<TSnapshotSummary>('/api/admin/open-data/snapshots');
    assert.equal(taken.status, 200, taken.text);
    const snapshot = taken.body;

    await verifyButton.click();
    const outcome = card.getByRole('status');
    const counted = `Your endorsement is counted in the snapshot of ${await pageTime(page, snapshot.takenAt)}`;
    await outcome.getByText(counted, { exact: true }).waitFor();
    assert.match(counted, /snapshot of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/, 'en-US: "Nov 27, 2026, 4:45 AM"');
    await outcome.getByText(`${snapshot.root.slice(0, 16)}…`, { exact: true }).waitFor();
    await assertNoHorizontalOverflow(page, '/priorities at 375 px, a vote verified');
    await expectNoSeriousA11yViolations(page, '/priorities at phone width, a vote verified');

    // The same receipt against a published list whose root differs: the check trusts the list, not the receipt.
    const listPattern = /\/api\/open-data\/snapshots\?/;
    await fulfillWith(page, 'GET', listPattern, 200, { snapshots: [{ ...snapshot, root: 'ab'.repeat(32) }], nextSnapshotAt: snapshot.takenAt });
    await verifyButton.click();
    await outcome
      .getByText('Your vote could not be verified: the published snapshot has another root than the one your vote leads to.', { exact: true })
      .waitFor();
    await page.unroute(listPattern);

    // The snapshot's published line for the priority counts the leaf's place among the oppositions
    // (the tallies moved by one): the browser sees the receipt's index outside the endorsements' range.
    const linePattern = /\/api\/open-data\/snapshots\/[0-9a-f-]+\/priorities\//;
    const line = (await (
      await context.request.get(`/api/open-data/snapshots/${snapshot.id}/priorities/${await card.getAttribute('data-priority-id')}`)
    ).json()) as {
      endorsements: number;
      oppositions: number;
    };
    assert.deepEqual([line.endorsements, line.oppositions], [1, 0], 'the published line counts the endorsement');
    await fulfillWith(page, 'GET', linePattern, 200, { ...line, endorsements: 0, oppositions: 1 });
    await verifyButton.click();
    await outcome
      .getByText('Your vote could not be verified: the published snapshot does not count your leaf among this priority’s votes of your type.', {
        exact: true,
      })
      .waitFor();
    await page.unroute(linePattern);

    // An opposition after the snapshot: a new nonce, so a new leaf that no snapshot holds yet.
    const oppose = card.getByRole('button', { name: 'Oppose' });
    await oppose.click();
    await pressed(oppose);
    assert.equal(await outcome.textContent(), '', 'the outcome of the earlier vote is gone');
    await verifyButton.click();
    const { nextSnapshotAt } = (await (await context.request.get('/api/open-data/snapshots')).json()) as TSnapshotList;
    await outcome
      .getByText(`Your vote is newer than the last snapshot. The next snapshot is due ${await pageTime(page, nextSnapshotAt)}.`, { exact: true })
      .waitFor();
    await expectNoSeriousA11yViolations(page, '/priorities at phone width, a pending vote');
    assert.deepEqual(errors, []);
  });

  test("the admin dashboard's Open Data card takes a snapshot and shows its root and leaves", async () => {
    const { page, context, errors } = await suite.start({ viewport: PHONE_VIEWPORT });
    await signInAsAdmin(context, suite.server, DASHBOARD_ADMIN);
    await page.goto('/admin');
    const card = page.getByRole('region', { name: 'Open Data' });
    await card.getByRole('button', { name: 'Take snapshot now' }).click();
    const root = card.getByRole('status').locator('[data-snapshot="root"]');
    await root.waitFor();
    const { snapshots } = (await (await context.request.get('/api/open-data/snapshots?limit=1')).json()) as TSnapshotList;
    assert.equal(await root.textContent(), snapshots[0]!.root, 'the newest published snapshot is the one shown');
    assert.equal(await card.locator('[data-snapshot="leaves"]').textContent(), String(snapshots[0]!.treeSize));
    await assertNoHorizontalOverflow(page, '/admin at 375 px, a snapshot taken');
    await expectNoSeriousA11yViolations(page, '/admin at phone width, a snapshot taken');
    assert.deepEqual(errors, []);
  });
});
