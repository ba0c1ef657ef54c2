// The mails' one-click unsubscribe (issue 22, RFC 8058), on both profiles, through the gateway with
// no session and no CSRF token, as a mail client calls it: the headers and the parts of a mail; the
// page a browser gets (nothing changes on GET); the POST that turns the switch off once (a second
// use is 410) and tells the account service; a forged or damaged link refused; a link past its
// lifetime refused with the message that says so; the next batch obeying the switch at once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { notificationsEvents, prioritiesEvents, socialEvents, UNSUBSCRIBE_MESSAGES } from '@civic/contracts';
import { type EventProbe, probeEvents } from '../../../test/support/event-probe.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import type { MultipartMail } from '../../../test/support/multipart-mail.ts';
import { UNSUBSCRIBE_LINK_LIFETIME_MS } from '../src/unsubscribe/unsubscribe-token.ts';
import {
  type Citizen,
  GATHER_MS,
  INTERVAL_MS,
  mailsTo,
  registerCitizen,
  waitForMails,
  waitForMember,
  waitForPending,
  useNotificationsSuite,
} from './support/notifications-helpers.ts';

/** The link's path and query on the stack's own address (the mail names PUBLIC_ORIGIN). */
const onStack = (baseUrl: string, link: string) => {
  const url = new URL(link);
  return `${baseUrl}${url.pathname}${url.search}`;
};

/** The body links of a mail: settings, and one per switch it may turn off. */
function unsubscribeLinks(mail: MultipartMail): Record<string, string> {
  return Object.fromEntries([...mail.text.matchAll(/Stop (\w+) notification e-mails: (\S+)/g)].map((m) => [m[1]!, m[2]!]));
}

for (const { profile, skip } of await profilePlan()) {
  describe(`unsubscribe links (${profile})`, { skip }, () => {
    const { clock, stack, producer, db, at } = useNotificationsSuite(profile);
    let unsubscribed: EventProbe<typeof notificationsEvents.SwitchUnsubscribed>;
    before(async () => {
      unsubscribed = await probeEvents(await stack.adminPlatform(), notificationsEvents.SwitchUnsubscribed, 'probe_unsubscribed');
      stack.onClose(() => unsubscribed.stop());
    });
    const endorseByStranger = (priorityId: string) =>
      producer.publish(prioritiesEvents.VoteCast, { priorityId, userId: randomUUID(), voteType: 'endorse', priorityTitle: 'Cleaner rivers', castAt: at() });
    /** A citizen whose priority was endorsed: mailed once the batch is released. */
    async function mailedAuthor(label: string): Promise<{ author: Citizen; mail: MultipartMail; priorityId: string }> {
      const author = await registerCitizen(producer, label, () => clock.now());
      await waitForMember(db, author);
      const priorityId = randomUUID();
      await producer.publish(prioritiesEvents.PriorityCreated, { priorityId, authorId: author.id, title: 'Cleaner rivers', createdAt: at() });
      await endorseByStranger(priorityId);
      await waitForPending(db, author.id, 1);
      clock.skip(GATHER_MS + 1000);
      const [mail] = await waitForMails(stack, author, 1);
      return { author, mail: mail!, priorityId };
    }
    const post = (url: string, headers: Record<string, string> = {}) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: 'List-Unsubscribe=One-Click' });

    test('a mail: text and HTML parts, a link to /settings, RFC 8058 headers, no images', async () => {
      const { mail } = await mailedAuthor('parts');
      assert.match(mail.headers['content-type']!, /^multipart\/alternative/);
      assert.match(mail.text, /Choose which e-mails you get: http:\/\/localhost:3000\/settings/);
      assert.match(mail.html, /<a href="http:\/\/localhost:3000\/settings">Choose which e-mails you get<\/a>/);
      assert.doesNotMatch(mail.html, /<img/i);
      assert.equal(mail.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
      const header = mail.headers['list-unsubscribe']!.match(/^<(https?:\/\/[^>]+)>$/)?.[1];
      assert.ok(header, mail.headers['list-unsubscribe']);
      // A mail about priorities only: its one-click link turns off priority notifications; the body offers all of them.
      const links = unsubscribeLinks(mail);
      assert.deepEqual(Object.keys(links).sort(), ['all', 'priority']);
      assert.equal(header, links.priority);
    });

    test('GET shows the page and changes nothing; POST turns the switch off once and tells account; a second use is 410', async () => {
      const { author, mail } = await mailedAuthor('oneclick');
      const link = onStack(stack.baseUrl, unsubscribeLinks(mail).priority!);
      const page = await fetch(link, { headers: { accept: 'text/html' } });
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /Stop receiving priority notification e-mails from Civic Agenda\?/);
      assert.match(html, /<form method="post"/);
      const json = await fetch(link);
      assert.deepEqual(await json.json(), {
        switch: 'priorityNotifications',
        unsubscribed: false,
        message: 'Stop receiving priority notification e-mails from Civic Agenda?',
      });

      const used = await post(link);
      assert.equal(used.status, 200);
      assert.deepEqual(await used.json(), {
        switch: 'priorityNotifications',
        unsubscribed: true,
        message: UNSUBSCRIBE_MESSAGES.done.replace('{label}', 'priority notification'),
      });
      const event = await unsubscribed.waitFor((p) => p.userId === author.id);
      assert.equal(event.payload.switch, 'priorityNotifications');
      const [row] = await db.query<{ on: boolean }>('SELECT priority_notifications AS on FROM notifications.members WHERE user_id = $1::uuid', [author.id]);
      assert.equal(row!.on, false);

      const again = await post(link);
      assert.equal(again.status, 410);
      assert.equal(((await again.json()) as { message: string }).message, UNSUBSCRIBE_MESSAGES.used);
      const againPage = await fetch(link, { headers: { accept: 'text/html' } });
      assert.equal(againPage.status, 410);
      assert.match(await againPage.text(), /This unsubscribe link has already been used\./);
      assert.equal(unsubscribed.received.filter((e) => e.payload.userId === author.id).length, 1);
    });

    test("a mail client's one-click POST as RFC 8058 recommends it (multipart/form-data) works too", async () => {
      const { author, mail } = await mailedAuthor('multipart');
      const body = new FormData();
      body.append('List-Unsubscribe', 'One-Click');
      const answer = await fetch(onStack(stack.baseUrl, unsubscribeLinks(mail).all!), { method: 'POST', body });
      assert.equal(answer.status, 200, await answer.clone().text());
      assert.equal(((await answer.json()) as { switch: string }).switch, 'emailNotifications');
      await unsubscribed.waitFor((p) => p.userId === author.id && p.switch === 'emailNotifications');
    });

    test('the switch holds for the next batch at once: the next endorsement is not mailed, a follower still is', async () => {
      const { author, mail, priorityId } = await mailedAuthor('obeyed');
      // A POST without the RFC 8058 body (some clients send none) works the same.
      assert.equal((await fetch(onStack(stack.baseUrl, unsubscribeLinks(mail).priority!), { method: 'POST' })).status, 200);
      await endorseByStranger(priorityId);
      await producer.publish(socialEvents.FollowChanged, { followerId: randomUUID(), followeeId: author.id, following: true, changedAt: at() });
      await waitForPending(db, author.id, 1);
      clock.skip(INTERVAL_MS + GATHER_MS);
      const mails = await waitForMails(stack, author, 2);
      assert.equal(mails[1]!.subject, 'A citizen followed you');
      assert.doesNotMatch(mails[1]!.text, /endorsed/);
    });

    test('a forged, damaged or missing token is refused with the message, and changes nothing', async () => {
      const { author, mail } = await mailedAuthor('forger');
      const link = new URL(unsubscribeLinks(mail).all!);
      const token = link.searchParams.get('token')!;
      const [body, mac] = token.split('.');
      // Someone else's id in a well-formed body, under the original MAC.
      const decoded = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
      const forgedBody = Buffer.from(JSON.stringify({ ...decoded, u: randomUUID() })).toString('base64url');
      const attempts = [`${forgedBody}.${mac}`, `${body}.${mac!.slice(0, -2)}xx`, 'not-a-token', `k9.${body}.${mac}`];
      for (const attempt of attempts) {
        const answer = await post(`${stack.baseUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(attempt)}`);
        assert.equal(answer.status, 400, attempt);
        assert.equal(((await answer.json()) as { message: string }).message, UNSUBSCRIBE_MESSAGES.invalid);
      }
      const missing = await post(`${stack.baseUrl}/api/notifications/unsubscribe`);
      assert.equal(missing.status, 400);
      assert.equal(((await missing.json()) as { message: string }).message, UNSUBSCRIBE_MESSAGES.invalid);
      const [row] = await db.query<{ on: boolean }>('SELECT email_notifications AS on FROM notifications.members WHERE user_id = $1::uuid', [author.id]);
      assert.equal(row!.on, true);
      assert.equal((await mailsTo(stack, author)).length, 1);
    });

    test('a link past its lifetime is refused, as a page and as JSON, with the way to Settings; it changes nothing', async () => {
      const { author, mail } = await mailedAuthor('expired');
      const link = onStack(stack.baseUrl, unsubscribeLinks(mail).all!);
      // Still good on its last day.
      clock.skip(UNSUBSCRIBE_LINK_LIFETIME_MS - 60_000);
      assert.equal((await fetch(link)).status, 200);
      clock.skip(120_000);
      const answer = await post(link);
      assert.equal(answer.status, 410);
      assert.equal(((await answer.json()) as { message: string }).message, UNSUBSCRIBE_MESSAGES.expired);
      const page = await fetch(link, { headers: { accept: 'text/html' } });
      assert.equal(page.status, 410);
      const html = await page.text();
      assert.match(html, /This unsubscribe link has expired\. You can choose which e-mails you get in Settings\./);
      assert.match(html, /<a href="http:\/\/localhost:3000\/settings">Open your settings<\/a>/);
      assert.doesNotMatch(html, /<form/);
      const [row] = await db.query<{ on: boolean }>('SELECT email_notifications AS on FROM notifications.members WHERE user_id = $1::uuid', [author.id]);
      assert.equal(row!.on, true);
    });
  });
}
