// The invitation link's recruiter (issue 18): `{PUBLIC_ORIGIN}/?ref={userId}`. The landing page
// remembers the id when a visitor arrives by such a link; the sign-in dialog, wherever it is opened
// later, sends it as `recruiterId` with the code or link request, and the server keeps it with that
// request (so the magic link's round trip needs nothing more). localStorage, not the address or
// sessionStorage: the visitor may browse, close the dialog, or come back in another tab first. A
// completed sign-in forgets it; so does its age past RECRUITER_REF_TTL_MS.
import { isUuid } from '@civic/contracts/shared/uuid';

const STORAGE_KEY = 'civic.recruiterRef';
export const RECRUITER_REF_TTL_MS = 30 * 24 * 60 * 60 * 1000;

interface StoredRef {
  id: string;
  at: number;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: the invitation is simply not kept
  }
}

/** Keeps `ref` of the address's query, if it is a user id. Returns whether one was kept. */
export function rememberRecruiterRef(search: string, now = Date.now()): boolean {
  const ref = new URLSearchParams(search).get('ref');
  if (!ref || !isUuid(ref)) return false;
  storage()?.setItem(STORAGE_KEY, JSON.stringify({ id: ref, at: now } satisfies StoredRef));
  return true;
}

/** The remembered recruiter's id, or undefined when there is none or it is too old. */
export function rememberedRecruiterId(now = Date.now()): string | undefined {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const stored = JSON.parse(raw) as Partial<StoredRef>;
    if (typeof stored.id === 'string' && isUuid(stored.id) && typeof stored.at === 'number' && now - stored.at <= RECRUITER_REF_TTL_MS) return stored.id;
  } catch {
    // not ours to read: forgotten below
  }
  forgetRecruiterRef();
  return undefined;
}

export function forgetRecruiterRef(): void {
  storage()?.removeItem(STORAGE_KEY);
}
