// How a user is named and their balance shown across the chrome (spec 3).
import type { CurrentUser } from './current-user.ts';

/** Full name; the e-mail when no first name is set yet. */
export function displayNameOf(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  if (!user.firstName) return user.email;
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

export function initialsOf(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const source = user.firstName ? [user.firstName, user.lastName ?? ''] : [user.email];
  return source
    .map((part) => part.trim().charAt(0))
    .join('')
    .toUpperCase()
    .slice(0, 2);
}

/** Spec 3: political capital with thousands separators, 0 when missing. */
export function formatPoliticalCapital(amount: number | null | undefined): string {
  return `${(amount ?? 0).toLocaleString('en-US')} PC`;
}
