// A citizen's personal invitation link (issue 18 "Recruit"): the site's address with ?ref={userId};
// the landing page keeps ref through sign-in and the new account is counted as recruited.
export function invitationLink(origin: string, userId: string): string {
  const url = new URL('/', origin);
  url.searchParams.set('ref', userId);
  return url.toString();
}
