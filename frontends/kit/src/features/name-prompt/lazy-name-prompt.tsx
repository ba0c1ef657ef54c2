// The first-sign-in name prompt, fetched only for a signed-in user without a first name (a visitor
// who only reads the landing page does not download it), and not while the account awaits approval
// (such an account may not edit its profile yet: it is asked once approved).
import { lazy, Suspense } from 'react';
import { isAwaitingApproval } from '../../auth/approval.ts';
import { useAuth } from '../../auth/use-auth.ts';

const NamePrompt = lazy(() => import('./name-prompt.tsx').then((m) => ({ default: m.NamePrompt })));

export function LazyNamePrompt() {
  const { user } = useAuth();
  // The prompt itself also waits while the sign-in dialog is open; this only avoids loading it for nothing.
  if (!user || user.firstName || isAwaitingApproval(user)) return null;
  return (
    <Suspense fallback={null}>
      <NamePrompt />
    </Suspense>
  );
}
