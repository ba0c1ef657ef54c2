// Requests and answers of the account service: profiles (spec 2.10, 2.15), per-user settings
// (spec 2.11) and account stats (spec 3). The profile messages are those of spec 5 "Profile".
import { z } from 'zod';
import { ZProfileState, ZPublicProfileFields, ZUsStateCode } from './profile.ts';
import { VISIBILITIES, ZSettings } from './user-settings.ts';
import {
  birthYearMessage,
  FACEBOOK_HOSTS,
  GENDERS,
  HANDLE_MAX_LENGTH,
  INSTAGRAM_HANDLE_PATTERN,
  isHttpUrl,
  LINKEDIN_HOSTS,
  PROFILE_MESSAGES,
  TWITTER_HANDLE_PATTERN,
  URL_MAX_LENGTH,
} from './messages.ts';
import { defineOperation } from '../shared/operation.ts';
import { ACCOUNT_ROUTES } from './routes.ts';
import { ZAccountExport } from './export.ts';

export { VISIBILITIES, ZSettings, type TSettings } from './user-settings.ts';

export { PROFILE_MESSAGES, birthYearMessage };

export const SETTINGS_MESSAGES = {
  oneKey: 'Exactly one setting must be changed per request',
  visibility: "Visibility must be 'public' or 'private'",
  flag: 'Notification settings must be true or false',
} as const;

/** Empty strings (and whitespace) mean "unset" and are stored as null (spec 5: "or empty"). */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An optional text field: absent leaves it as it is, empty or null unsets it. */
function optionalText(inner: z.ZodType<string>) {
  return z.preprocess(emptyToNull, inner.nullable()).optional();
}

const maxText = (max: number, message: string) => z.string({ error: message }).trim().max(max, message);

/** A URL field; `hosts` restricts it to one site (a LinkedIn link must point at LinkedIn). */
const urlText = (message: string, hosts?: readonly string[]) =>
  z
    .string({ error: message })
    .trim()
    .max(URL_MAX_LENGTH, message)
    .refine((value) => isHttpUrl(value, hosts), message);

const handleText = (pattern: RegExp, message: string) =>
  z.string({ error: message }).trim().max(HANDLE_MAX_LENGTH, { error: message, abort: true }).regex(pattern, message);

/** A year, accepted as a number or as the digits a form field holds. */
const ZBirthYear = z
  .preprocess(
    (value) => {
      const unset = emptyToNull(value);
      return typeof unset === 'string' && /^\d+$/.test(unset.trim()) ? Number(unset) : unset;
    },
    z
      .unknown()
      .superRefine((value, ctx) => {
        const year = new Date().getFullYear();
        if (value !== null && !(Number.isInteger(value) && (value as number) >= 1900 && (value as number) <= year)) {
          ctx.addIssue({ code: 'custom', message: birthYearMessage(year) });
        }
      })
      .transform((value) => value as number | null),
  )
  .optional();

/** The Edit Profile dialog's fields (spec 2.15). The dialog always sends firstName; the rest may be left out. */
export const ZUpdateProfileRequest = z.strictObject({
  firstName: z
    .string({ error: PROFILE_MESSAGES.firstNameRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.firstNameRequired)
    .max(100, PROFILE_MESSAGES.firstNameTooLong),
  lastName: optionalText(maxText(100, PROFILE_MESSAGES.lastNameTooLong)),
  bio: optionalText(maxText(500, PROFILE_MESSAGES.bioTooLong)),
  location: optionalText(maxText(100, PROFILE_MESSAGES.locationTooLong)),
  occupation: optionalText(maxText(100, PROFILE_MESSAGES.occupationTooLong)),
  birthYear: ZBirthYear,
  gender: optionalText(maxText(50, PROFILE_MESSAGES.gender).refine((g) => (GENDERS as readonly string[]).includes(g), PROFILE_MESSAGES.gender)),
  website: optionalText(urlText(PROFILE_MESSAGES.website)),
  twitterHandle: optionalText(handleText(TWITTER_HANDLE_PATTERN, PROFILE_MESSAGES.twitterHandle)),
  linkedinUrl: optionalText(urlText(PROFILE_MESSAGES.linkedinUrl, LINKEDIN_HOSTS)),
  facebookUrl: optionalText(urlText(PROFILE_MESSAGES.facebookUrl, FACEBOOK_HOSTS)),
  instagramHandle: optionalText(handleText(INSTAGRAM_HANDLE_PATTERN, PROFILE_MESSAGES.instagramHandle)),
  /** A two-letter code of US_STATES (us-states.ts); empty or null unsets it. */
  state: z.preprocess(emptyToNull, ZUsStateCode.nullable()).optional(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** What a private profile shows to others: name and avatar only. */
export const ZProfileSummary = ZPublicProfileFields.pick({ firstName: true, lastName: true, profileImageUrl: true }).extend({
  id: z.string().uuid(),
});

export const ZProfileFields = ZPublicProfileFields.extend({ id: z.string().uuid(), state: ZProfileState });
export type TProfileFields = z.infer<typeof ZProfileFields>;

/**
 * The viewer's relation to the profile's owner (spec 2.10 follow control and Block/Unblock, 3 "The
 * profile view adds isBlocked and isBlockedBy"), on public and private profiles alike. On one's own
 * profile all three are false.
 */
export const ZProfileRelation = z.object({
  /** The viewer follows the owner. */
  isFollowing: z.boolean(),
  /** The viewer blocked the owner. */
  isBlocked: z.boolean(),
  /** The owner blocked the viewer. */
  isBlockedBy: z.boolean(),
});
export type TProfileRelation = z.infer<typeof ZProfileRelation>;

/** What a public profile shows of the owner's standing (spec 2.10): political capital and network counts. */
export const ZProfileStanding = z.object({
  politicalCapital: z.number().int().nonnegative(),
  followers: z.number().int().nonnegative(),
  following: z.number().int().nonnegative(),
});
export type TProfileStanding = z.infer<typeof ZProfileStanding>;

export const ZProfile = z.union([
  ZProfileFields.extend({ isPrivate: z.literal(false), ...ZProfileStanding.shape, ...ZProfileRelation.shape }),
  ZProfileSummary.extend({ isPrivate: z.literal(true), ...ZProfileRelation.shape }),
]);
export type TProfile = z.infer<typeof ZProfile>;

const ZVisibility = z.enum(VISIBILITIES, { error: SETTINGS_MESSAGES.visibility });
const ZFlag = z.boolean({ error: SETTINGS_MESSAGES.flag });

/** spec 7.3: a PATCH carries the single changed key. */
export const ZUpdateSettingsRequest = z
  .strictObject({
    profileVisibility: ZVisibility.optional(),
    activityVisibility: ZVisibility.optional(),
    emailNotifications: ZFlag.optional(),
    activityNotifications: ZFlag.optional(),
    priorityNotifications: ZFlag.optional(),
  })
  .refine((body) => Object.values(body).filter((v) => v !== undefined).length === 1, SETTINGS_MESSAGES.oneKey);
export type TUpdateSettingsRequest = z.infer<typeof ZUpdateSettingsRequest>;

export const ZAccountStats = z.object({
  prioritiesCount: z.number().int(),
  briefingDocsCount: z.number().int(),
  activitiesCount: z.number().int(),
  votesCount: z.number().int(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
});
export type TAccountStats = z.infer<typeof ZAccountStats>;

export const ACCOUNT_DELETION_MESSAGES = {
  /** spec 6: the client's fallback, also the server's answer so both say the same. */
  confirmation: "Failed to delete account. Please ensure you typed 'DELETE' correctly.",
  banned: 'A banned account cannot be deleted. Please contact an administrator.',
} as const;

/** spec 5 "Account deletion": the typed text must be exactly DELETE. */
export const ZDeleteAccountRequest = z.strictObject({
  confirmation: z.literal('DELETE', { error: ACCOUNT_DELETION_MESSAGES.confirmation }),
});
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

export const ZDeleteAccountResponse = z.object({ message: z.string() });

export const ACCOUNT_OPERATIONS = {
  getProfile: defineOperation({
    ...ACCOUNT_ROUTES.getProfile,
    owner: 'account',
    auth: 'user',
    errors: [401, 404],
    summary: "A user's profile; a private one shows others only name and avatar",
    response: ZProfile,
  }),
  updateProfile: defineOperation({
    ...ACCOUNT_ROUTES.updateProfile,
    owner: 'account',
    auth: 'active-user',
    errors: [400, 401, 403],
    summary: "Edit one's own profile (spec 2.15)",
    body: ZUpdateProfileRequest,
    response: ZProfile,
  }),
  getSettings: defineOperation({
    ...ACCOUNT_ROUTES.getSettings,
    owner: 'account',
    auth: 'user',
    errors: [401],
    summary: "The signed-in user's privacy and notification settings",
    response: ZSettings,
  }),
  updateSettings: defineOperation({
    ...ACCOUNT_ROUTES.updateSettings,
    owner: 'account',
    auth: 'user',
    errors: [400, 401],
    summary: 'Change one setting',
    body: ZUpdateSettingsRequest,
    response: ZSettings,
  }),
  accountStats: defineOperation({
    ...ACCOUNT_ROUTES.accountStats,
    owner: 'account',
    auth: 'user',
    errors: [401],
    summary: "Counts of the signed-in account's data",
    response: ZAccountStats,
  }),
  exportAccount: defineOperation({
    ...ACCOUNT_ROUTES.exportAccount,
    owner: 'account',
    auth: 'user',
    errors: [401, 503],
    summary: 'Everything the platform holds about the signed-in user: one section per service',
    response: ZAccountExport,
  }),
  deleteAccount: defineOperation({
    ...ACCOUNT_ROUTES.deleteAccount,
    owner: 'account',
    auth: 'user',
    errors: [400, 401, 403],
    summary: 'Delete the signed-in account: sessions end now, every service erases or pseudonymises its data',
    body: ZDeleteAccountRequest,
    response: ZDeleteAccountResponse,
  }),
};
