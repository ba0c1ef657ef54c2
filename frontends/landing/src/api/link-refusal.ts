// The refusal code of a failed link verification (the `code` of the server's JSON error body, issue 38).

/** verify-token's code for a valid link opened in a browser other than the one that asked for it. */
export const LINK_OTHER_BROWSER = 'AUTH_LINK_OTHER_BROWSER';
/** Shown should a proxy have replaced the server's message (it is SIGN_IN_MESSAGES.linkOtherBrowser). */
export const OTHER_BROWSER_FALLBACK = 'This sign-in link was requested in another browser. Open it there, or send a new link to this browser.';

/** The `code` of a JSON error body, or null (not JSON, or no code). */
export function refusalCodeOf(bodyText: string): string | null {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') return body.code;
  } catch {
    // Not JSON: no code to tell the cause by.
  }
  return null;
}
