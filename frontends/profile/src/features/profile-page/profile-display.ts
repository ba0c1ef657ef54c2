// How the profile page words its facts.
interface Named {
  firstName: string | null;
  lastName: string | null;
}

export function fullNameOf(profile: Named): string {
  return [profile.firstName, profile.lastName].filter(Boolean).join(' ') || 'Unnamed citizen';
}

/** Age from the birth year alone: the age reached this calendar year. */
export function ageFrom(birthYear: number | null, now = new Date()): number | null {
  if (birthYear === null) return null;
  const age = now.getFullYear() - birthYear;
  return age >= 0 ? age : null;
}

export interface ConnectLink {
  label: string;
  href: string;
  text: string;
}

interface Links {
  website: string | null;
  twitterHandle: string | null;
  linkedinUrl: string | null;
  facebookUrl: string | null;
  instagramHandle: string | null;
}

/** Only the links that are set, in the order of spec 2.10. */
export function connectLinksOf(profile: Links): ConnectLink[] {
  const links: ConnectLink[] = [];
  if (profile.website) links.push({ label: 'Website', href: profile.website, text: profile.website });
  if (profile.twitterHandle) {
    links.push({ label: 'Twitter', href: `https://twitter.com/${profile.twitterHandle}`, text: `@${profile.twitterHandle}` });
  }
  if (profile.linkedinUrl) links.push({ label: 'LinkedIn', href: profile.linkedinUrl, text: profile.linkedinUrl });
  if (profile.facebookUrl) links.push({ label: 'Facebook', href: profile.facebookUrl, text: profile.facebookUrl });
  if (profile.instagramHandle) {
    links.push({
      label: 'Instagram',
      href: `https://instagram.com/${profile.instagramHandle}`,
      text: `@${profile.instagramHandle}`,
    });
  }
  return links;
}

export const BLOCK_NOTICES = {
  blocked: 'You have blocked this user. Their activity is hidden from you, and yours from them.',
  blockedBy: 'This user has blocked you. Their activity is hidden from you.',
} as const;

/** Spec 2.10: when either one blocked the other, the activity is hidden with a notice saying why. */
export function blockNoticeOf(relation: { isBlocked: boolean; isBlockedBy: boolean }): string | null {
  if (relation.isBlocked) return BLOCK_NOTICES.blocked;
  if (relation.isBlockedBy) return BLOCK_NOTICES.blockedBy;
  return null;
}
