// One citizen signed in the way a person is: a CSRF token (and the pre-session cookie), "send me a
// code", the code from the mail, the code typed; then the session's CSRF token and user id.
import type { MailCodes } from './mail-codes.ts';

export interface SeededCitizen {
  userId: string;
  email: string;
  /** The session cookie, by name (sid, or __Host-sid behind HTTPS). */
  cookies: Record<string, string>;
  csrf: string;
}

const MAIL_WAIT_MS = 30_000;

/** The first cookie set whose name is `suffix` or ends with `-suffix`. */
function cookieNamed(response: Response, suffix: string): { name: string; value: string } {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    if (name === suffix || name.endsWith(`-${suffix}`)) return { name, value: pair.slice(at + 1).trim() };
  }
  throw new Error(`${response.url} set no ${suffix} cookie`);
}

async function expectOk<T>(response: Response, step: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${step}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * `invitedBy`: the user id of an invitation link the citizen followed (the demo seed's recruits,
 * scripts/demo/); it counts only when this sign-in makes the account.
 */
export async function signInCitizen(baseUrl: string, email: string, mail: MailCodes, forwardedFor?: string, invitedBy?: string): Promise<SeededCitizen> {
  const via: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  const first = await fetch(`${baseUrl}/api/csrf-token`, { headers: via });
  const pre = cookieNamed(first, 'pre');
  const browser = {
    ...via,
    cookie: `${pre.name}=${pre.value}`,
    'x-csrf-token': (await expectOk<{ token: string }>(first, 'csrf-token')).token,
    'content-type': 'application/json',
  };
  await mail.refresh();
  const seen = mail.count(email);
  const sent = await expectOk<{ stateId: string }>(
    await fetch(`${baseUrl}/api/auth/email/send-otp`, {
      method: 'POST',
      headers: browser,
      body: JSON.stringify({ email, ...(invitedBy ? { recruiterId: invitedBy } : {}) }),
    }),
    `send-otp ${email}`,
  );
  const otp = await mail.next(email, seen, MAIL_WAIT_MS);
  const verified = await fetch(`${baseUrl}/api/auth/email/verify-otp`, {
    method: 'POST',
    headers: browser,
    body: JSON.stringify({ stateId: sent.stateId, otp }),
  });
  await expectOk(verified.clone(), `verify-otp ${email}`);
  const session = cookieNamed(verified, 'sid');
  const signedIn = { ...via, cookie: `${session.name}=${session.value}` };
  const token = await expectOk<{ token: string }>(await fetch(`${baseUrl}/api/csrf-token`, { headers: signedIn }), 'csrf-token (signed in)');
  const user = await expectOk<{ id: string }>(await fetch(`${baseUrl}/api/auth/user`, { headers: signedIn }), 'auth/user');
  return { userId: user.id, email, cookies: { [session.name]: session.value }, csrf: token.token };
}
