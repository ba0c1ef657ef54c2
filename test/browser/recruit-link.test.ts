// The invitation link (issue 18) in Chromium through the gateway and shell: a visitor arrives at
// `/?ref={recruiterId}`, opens the sign-in dialog, asks for a magic link and follows it from the mail
// (the round trip drops the address's ref: the server kept it with the request). The new account is a
// recruit: the recruiter's political capital grows by recruit_user_reward (10).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { pollUntil } from '../support/poll.ts';
import { answerNamePrompt, dialog, openSignInDialog, signInThroughApi, uniqueEmail, waitForDashboard } from './browser-helpers.ts';

describe('the invitation link', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer();

  test('a visitor by /?ref= who signs up through the magic link is the recruiter’s recruit', async () => {
    const recruiterSession = await suite.start();
    const recruiter = await signInThroughApi(recruiterSession.context, suite.server, uniqueEmail('recruiter'));
    const balanceOfRecruiter = async () =>
      ((await (await recruiterSession.context.request.get('/api/auth/user')).json()) as { politicalCapital: number }).politicalCapital;
    const before = await balanceOfRecruiter();

    const { page, errors } = await suite.start();
    const sentBodies: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/email/send-magic-link')) sentBodies.push(request.postDataJSON());
    });
    await page.goto(`/?ref=${recruiter.id}`);
    // The visitor looks around first: the dialog opened and closed keeps the invitation.
    await openSignInDialog(page, 'Get Started');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await openSignInDialog(page, 'Sign Up Now');
    const email = uniqueEmail('recruited');
    await dialog(page).getByLabel('Email address').fill(email);
    await dialog(page).getByRole('button', { name: 'Send Magic Link' }).click();
    await dialog(page).getByRole('status').waitFor();
    assert.deepEqual(sentBodies, [{ email, recruiterId: recruiter.id }]);

    const mail = await suite.server.readLatestMail(email);
    assert.ok(mail.link, 'the mail carries a sign-in link');
    assert.equal(new URL(mail.link).searchParams.get('ref'), null, 'the link itself carries no ref');
    await page.goto(mail.link);
    await answerNamePrompt(page, 'Recruited');
    await waitForDashboard(page);
    assert.equal(await page.evaluate(() => window.localStorage.getItem('civic.recruiterRef')), null, 'a completed sign-in forgets the invitation');

    await pollUntil(balanceOfRecruiter, (balance) => balance === before + 10);
    assert.deepEqual(errors, [], 'no script errors on the page');
  });
});
