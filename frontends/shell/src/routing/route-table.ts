// Spec 2.1 route table: which screen a path shows for a given session state.
import type { AuthState } from '@civic/frontend-kit';

export type Screen = 'landing' | 'dashboard' | 'priorities' | 'profile' | 'settings' | 'briefing' | 'network' | 'admin' | 'not-found' | 'awaiting-approval';

interface SignedInRoute {
  pattern: RegExp;
  /** null: the route exists in the spec but its micro-frontend is not built yet, so it shows 404. */
  screen: Screen | null;
}

const SIGNED_IN_ROUTES: readonly SignedInRoute[] = [
  { pattern: /^\/$/, screen: 'dashboard' },
  { pattern: /^\/priorities$/, screen: 'priorities' },
  // The Issues page and each issue's page (issue 38) reuse the priority cards: the priorities area's.
  { pattern: /^\/issues(\/[^/]+)?$/, screen: 'priorities' },
  { pattern: /^\/briefing-room$/, screen: 'briefing' },
  { pattern: /^\/network$/, screen: 'network' },
  { pattern: /^\/profile\/[^/]+$/, screen: 'profile' },
  { pattern: /^\/settings$/, screen: 'settings' },
  { pattern: /^\/admin(\/(users|moderation|settings|audit-logs|announcements))?$/, screen: 'admin' },
];

export function resolveScreen(pathname: string, auth: AuthState): Screen {
  // An account awaiting approval (issue 20) sees that notice on every page, instead of the app.
  if (auth === 'awaiting-approval') return 'awaiting-approval';
  // Session loading counts as signed out: only the landing page and the fallback exist.
  if (auth !== 'signed-in') return pathname === '/' ? 'landing' : 'not-found';
  const route = SIGNED_IN_ROUTES.find(({ pattern }) => pattern.test(pathname));
  return route?.screen ?? 'not-found';
}

/** The navbar and footer show only when signed in (spec 2.2), approved or not (its menu signs out);
 *  the landing page has its own. */
export function showsChrome(auth: AuthState): boolean {
  return auth === 'signed-in' || auth === 'awaiting-approval';
}
