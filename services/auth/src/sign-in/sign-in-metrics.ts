// Sign-in mails, counted (civic.sign_in.mails): sent, refused by a limit (the reason is the refusal's
// code: a resend cooldown, the hourly mail limits, codes paused or too many failures), or failed in
// the mail transport. No address or network is ever a label.
import type { Platform } from '@civic/service-kit';
import { CodesPaused, MailLimit, ResendCooldown, TooManyFailures } from '../errors.ts';

export type SignInMailKind = 'otp' | 'magic_link' | 'resend';

export interface SignInMailMetrics {
  sent(kind: SignInMailKind): void;
  failed(kind: SignInMailKind): void;
  /** Counts `error` when it is a limit's refusal; anything else (an outage) is not a refusal. */
  refusedIfLimit(kind: SignInMailKind, error: unknown): void;
}

const REFUSALS: readonly (new (...args: never[]) => Error)[] = [ResendCooldown, MailLimit, CodesPaused, TooManyFailures];

export function createSignInMailMetrics(meter: Platform['metrics']['meter']): SignInMailMetrics {
  const mails = meter.createCounter('civic.sign_in.mails', { description: 'Sign-in mails: sent, refused by a limit, or failed in the transport' });
  return {
    sent: (kind) => mails.add(1, { kind, outcome: 'sent' }),
    failed: (kind) => mails.add(1, { kind, outcome: 'failed' }),
    refusedIfLimit(kind, error) {
      if (!REFUSALS.some((refusal) => error instanceof refusal)) return;
      mails.add(1, { kind, outcome: 'refused', reason: String((error as { code?: string }).code) });
    },
  };
}
