// Handles `?error=auth_failed` and `?token=...` once, then resets the address to `/`.
import { toast } from '@civic/frontend-kit';
import { useEffect, useRef } from 'react';
import { OTHER_BROWSER_FALLBACK } from '../../api/link-refusal.ts';
import { isOtherBrowserRefusal, useVerifyMagicLinkToken } from '../../api/queries.ts';
import { readAuthCallback } from './read-auth-callback.ts';

/** The server's message when the link was asked for in another browser (the page then says so), else null. */
export function useAuthCallback(): { otherBrowser: string | null } {
  const handled = useRef(false);
  const { mutate: verifyToken, error } = useVerifyMagicLinkToken();

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const callback = readAuthCallback(window.location.search);
    if (!callback.present) return;
    // Clean the address first, so the single-use token does not linger in history or get re-sent on reload.
    window.history.replaceState(null, '', '/');
    if (callback.authFailed) {
      toast({
        title: 'Authentication Failed',
        description: 'There was a problem signing you in. Please try again.',
        variant: 'destructive',
      });
    }
    if (callback.token) verifyToken(callback.token);
  }, [verifyToken]);

  return { otherBrowser: isOtherBrowserRefusal(error) ? (error.serverMessage ?? OTHER_BROWSER_FALLBACK) : null };
}
