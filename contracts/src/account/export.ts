// The account-wide export (docs/protocols/account-data.md): GET /api/account/export asks every
// service in EXPORT_SECTIONS for the signed-in user's data with one request each, and answers one
// document with a section per service. A service that holds user data joins by adding its section
// schema here and answering its request; the account service's route needs no change.
import { z } from 'zod';
import { ZHex32 } from '../shared/open-data/hex.ts';
import { VOTE_TYPES } from '../priorities/http.ts';
import { APPROVAL_STATUSES } from '../admin/messages.ts';
import { BRIEFING_DOC_TYPES } from '../briefing/messages.ts';
import { LEDGER_ENTRY_KINDS } from '../ledger/messages.ts';
import { ACTIVITY_TYPES } from '../social/http.ts';
import { ZProfileState, ZPublicProfileFields } from './profile.ts';
import { defineRequestPerService } from '../shared/define-request.ts';
import { ZSettings } from './user-settings.ts';
import { NOTIFICATION_KINDS, NOTIFICATION_SWITCHES } from '../notifications/messages.ts';

export const EXPORT_FORMAT = 'civic-agenda.export.v1';

/** Nothing in the payload: whose data is the identity the request carries. */
export const ZExportRequest = z.strictObject({});

export const ZAuthExportSection = z.object({
  email: z.string(),
  isAdmin: z.boolean(),
  isBanned: z.boolean(),
  /** The account's place in the approval queue. */
  approvalStatus: z.enum(APPROVAL_STATUSES),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** Sign-in requests still on record (codes and links are never stored, so none appear here). */
  signInRequests: z.array(z.object({ method: z.string(), createdAt: z.string(), consumedAt: z.string().nullable() })),
});

export const ZAccountExportSection = z.object({
  profile: ZPublicProfileFields.extend({ state: ZProfileState, updatedAt: z.string() }).nullable(),
  settings: ZSettings.nullable(),
});

/**
 * Every activity the user has (their own acts; what they cleared is gone), oldest first; their
 * network, oldest first: whom they follow, who follows them and whom they blocked, each other
 * citizen named by id only (their names are their own data). Who blocked the user stays out: that
 * is the blocker's data, and the product never tells it either.
 */
export const ZSocialExportSection = z.object({
  activities: z.array(z.object({ type: z.enum(ACTIVITY_TYPES), description: z.string(), createdAt: z.string() })),
  following: z.array(z.object({ userId: z.string().uuid(), followedAt: z.string() })),
  followers: z.array(z.object({ userId: z.string().uuid(), followedAt: z.string() })),
  blocked: z.array(z.object({ userId: z.string().uuid(), blockedAt: z.string() })),
  /** The citizens the user recruited (rewarded: past the daily cap a recruit counts but earns nothing). */
  recruits: z.array(z.object({ userId: z.string().uuid(), joinedAt: z.string(), rewarded: z.boolean() })),
  /** Who recruited the user, when someone did. */
  recruitedBy: z.object({ userId: z.string().uuid(), joinedAt: z.string() }).nullable(),
});

/**
 * The priorities the user created (still theirs: erasure detaches them) and their votes, oldest
 * first. A vote names the priority by id only: its title and text are another author's. The time of
 * the last change (switch or removal) of a vote is kept per priority for the change cooldown, also
 * after the vote is gone, so it is listed on its own.
 */
export const ZPrioritiesExportSection = z.object({
  priorities: z.array(
    z.object({ id: z.string().uuid(), title: z.string(), description: z.string(), issueId: z.number().int().nullable(), createdAt: z.string() }),
  ),
  /**
   * Each vote with its receipt (docs/open-data.md): the nonce only its voter is shown and the
   * leaf the open-data snapshots publish for it, SHA-256(receiptNonce ‖ priorityId ‖ voteType), in hex.
   */
  votes: z.array(
    z.object({
      priorityId: z.string().uuid(),
      voteType: z.enum(VOTE_TYPES),
      votedAt: z.string(),
      receiptNonce: ZHex32,
      leaf: ZHex32,
    }),
  ),
  voteChanges: z.array(z.object({ priorityId: z.string().uuid(), lastChangedAt: z.string() })),
  /**
   * The user's promotions (spec 4 "Promote"): applied ones, and ones whose debit was given back
   * (refunded) or is being settled (pending, refunding). The PC side is in the ledger's section.
   */
  promotions: z.array(
    z.object({
      id: z.string().uuid(),
      priorityId: z.string().uuid(),
      cost: z.number().int().nonnegative(),
      status: z.enum(['pending', 'applied', 'refunding', 'refunded']),
      createdAt: z.string(),
      appliedAt: z.string().nullable(),
    }),
  ),
});

/**
 * The user's political capital: the balance and every ledger entry, oldest first. `reference` is
 * what a debit paid for (e.g. the promoted priority's id), as the paying service named it.
 */
export const ZLedgerExportSection = z.object({
  balance: z.number().int().nonnegative(),
  entries: z.array(
    z.object({
      id: z.string().uuid(),
      kind: z.enum(LEDGER_ENTRY_KINDS),
      description: z.string(),
      amount: z.number().int(),
      reference: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

/** The briefing documents the user contributed, oldest first, as stored. */
export const ZBriefingExportSection = z.object({
  documents: z.array(
    z.object({
      id: z.string().uuid(),
      title: z.string(),
      content: z.string(),
      type: z.enum(BRIEFING_DOC_TYPES),
      priorityId: z.string().uuid().nullable(),
      isPublic: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});

/**
 * The audit entries of the actions the user took as an administrator, and the reports the
 * user made as a citizen, each oldest first.
 */
export const ZAdminExportSection = z.object({
  auditEntries: z.array(
    z.object({
      id: z.string().uuid(),
      action: z.string(),
      targetType: z.string(),
      targetId: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
      createdAt: z.string(),
    }),
  ),
  reports: z.array(
    z.object({
      targetType: z.string(),
      targetId: z.string().uuid(),
      reason: z.string(),
      createdAt: z.string(),
    }),
  ),
});

/**
 * What the notifications service holds about the user: the waiting batch, the mails sent (no text)
 * and the unsubscribe links used. A waiting notification names its subject by id, not who acted:
 * that is the other citizen's act, told only in the mail and only when their privacy allows.
 */
export const ZNotificationsExportSection = z.object({
  pending: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), subjectId: z.string().uuid().nullable(), occurredAt: z.string() })),
  lastMailAt: z.string().nullable(),
  mails: z.array(z.object({ sentAt: z.string().nullable(), notificationCount: z.number().int().nonnegative() })),
  unsubscribes: z.array(z.object({ switch: z.enum(NOTIFICATION_SWITCHES), usedAt: z.string() })),
});

/** One entry per service holding user data, in the order the document lists them. */
export const EXPORT_SECTIONS = {
  auth: ZAuthExportSection,
  account: ZAccountExportSection,
  social: ZSocialExportSection,
  priorities: ZPrioritiesExportSection,
  ledger: ZLedgerExportSection,
  briefing: ZBriefingExportSection,
  admin: ZAdminExportSection,
  notifications: ZNotificationsExportSection,
} as const;
export type ExportService = keyof typeof EXPORT_SECTIONS;
export const EXPORT_SERVICES = Object.keys(EXPORT_SECTIONS) as ExportService[];

/** rpc.<service>.user_data_export for each section. */
export const EXPORT_REQUESTS = defineRequestPerService('user_data_export', ZExportRequest, EXPORT_SECTIONS, ['account']);

export const ZAccountExport = z.object({
  format: z.literal(EXPORT_FORMAT),
  exportedAt: z.string(),
  userId: z.string().uuid(),
  sections: z.object(EXPORT_SECTIONS),
});
export type TAccountExport = z.infer<typeof ZAccountExport>;
