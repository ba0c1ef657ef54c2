// Whether a new citizen can join now: the public fact the landing page and the sign-in
// dialog show before a code is sent (registration_enabled, registration_approval_required). It is
// the platform's, the same for every visitor: it says nothing about any address.
export const REGISTRATION_NOTICES = {
  closed: 'Registration is closed. Only existing accounts can sign in.',
  approvalRequired: "New accounts need an administrator's approval before they can take part.",
} as const;

/** The notice to show, or null when anyone can join at once. */
export function registrationNotice(status: { open: boolean; approvalRequired: boolean }): string | null {
  if (!status.open) return REGISTRATION_NOTICES.closed;
  return status.approvalRequired ? REGISTRATION_NOTICES.approvalRequired : null;
}
