// The sign-in e-mail: a six-digit code, or a link whose token the landing page POSTs back.
import type { MailMessage } from '@civic/service-kit';
import type { AuthContext } from '../context.ts';
import { MailFailed } from '../errors.ts';
import type { SignInMailKind } from './sign-in-metrics.ts';

export function magicLinkUrl(publicOrigin: string, token: string): string {
  const url = new URL('/', publicOrigin);
  url.searchParams.set('token', token);
  return url.toString();
}

export function composeSignInMail(publicOrigin: string, to: string, secret: { code: string } | { token: string }): MailMessage {
  if ('code' in secret) {
    return {
      to,
      // Never the code itself: a subject is what lock screens and notification previews show.
      subject: 'Your Civic Agenda sign-in code',
      text: [
        `Your Civic Agenda sign-in code is ${secret.code}`,
        '',
        'Enter it in the browser where you asked for it. The code expires in 10 minutes and works once.',
        'If you did not ask to sign in, ignore this e-mail.',
      ].join('\n'),
    };
  }
  const link = magicLinkUrl(publicOrigin, secret.token);
  return {
    to,
    subject: 'Your Civic Agenda sign-in link',
    text: [
      'Open this link in the browser where you asked to sign in:',
      '',
      link,
      '',
      'The link expires in 10 minutes and works once.',
      'If you did not ask to sign in, ignore this e-mail.',
    ].join('\n'),
  };
}

/** Sends a sign-in mail; a transport failure becomes the spec's "Failed to send authentication request". */
export async function deliverSignInMail(ctx: AuthContext, message: MailMessage, kind: SignInMailKind): Promise<void> {
  try {
    await ctx.platform.mailer.send(message);
  } catch (error) {
    ctx.signInMails.failed(kind);
    ctx.platform.logger.error({ err: error }, 'sign-in mail could not be sent');
    throw new MailFailed();
  }
  ctx.signInMails.sent(kind);
}
