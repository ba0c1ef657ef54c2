// Requests and answers of the briefing service (spec 2.8, 2.14, 3 "Briefing document", 5 "Briefing
// document", 7.3, 7.4).
import { z } from 'zod';
import { omittedWhenAll } from '../shared/omitted-when-all.ts';
import {
  BRIEFING_DOC_TYPES,
  BRIEFING_LIMITS as L,
  BRIEFING_LIST_LIMITS,
  BRIEFING_MESSAGES as M,
  BRIEFING_SEARCH_TOO_SHORT,
  DEFAULT_BRIEFING_DOC_TYPE,
  isSearchableTerm,
} from './messages.ts';
import { defineOperation } from '../shared/operation.ts';
import { BRIEFING_ROUTES } from './routes.ts';

export {
  BRIEFING_DOC_TYPES,
  BRIEFING_LIMITS,
  BRIEFING_LIST_LIMITS,
  BRIEFING_MESSAGES,
  BRIEFING_SEARCH_TOO_SHORT,
  dailyBriefingLimitMessage,
  DEFAULT_BRIEFING_DOC_TYPE,
  isSearchableTerm,
  type TBriefingDocType,
} from './messages.ts';

export const ZBriefingDocType = z.enum(BRIEFING_DOC_TYPES, { error: M.type });

export const ZBriefingDocument = z.object({
  id: z.string().uuid(),
  title: z.string(),
  /** Exactly as it was sent (rendered as text, never as HTML). */
  content: z.string(),
  type: ZBriefingDocType,
  priorityId: z.string().uuid().nullable(),
  /** The linked priority's title (briefing's read model of priorities), null without a link: the card shows it. */
  priorityTitle: z.string().nullable(),
  authorId: z.string().uuid(),
  /** From the author's profile (null until they set one). */
  author: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }),
  /** Documents are created public (the dialog has no control); moderation shows the badge. */
  isPublic: z.boolean(),
  createdAt: z.string(),
});
export type TBriefingDocument = z.infer<typeof ZBriefingDocument>;
/** A new document, with the PC it earns: 0 once the author's documents of the day have earned briefing_rewards_per_day rewards. */
export const ZCreatedBriefingDocument = ZBriefingDocument.extend({ politicalCapitalEarned: z.number().int().min(0) });
export type TCreatedBriefingDocument = z.infer<typeof ZCreatedBriefingDocument>;

/** The picker's unset choice ("none"), empty or null mean no priority; anything else must name one. */
const ZPriorityId = z.preprocess(
  (value) => (value === 'none' || value === '' || value === null ? undefined : value),
  z.string({ error: M.priorityNotFound }).uuid(M.priorityNotFound).optional(),
);

export const ZCreateBriefingDocRequest = z.strictObject({
  title: z.string({ error: M.titleTooShort }).trim().min(L.titleMin, M.titleTooShort).max(L.titleMax, M.titleTooLong),
  // Stored verbatim: the length rules read the text without its surrounding blanks, nothing is rewritten.
  content: z
    .string({ error: M.contentTooShort })
    .refine((content) => content.trim().length >= L.contentMin, M.contentTooShort)
    .refine((content) => content.trim().length <= L.contentMax, M.contentTooLong),
  type: ZBriefingDocType.default(DEFAULT_BRIEFING_DOC_TYPE),
  priorityId: ZPriorityId,
});
export type TCreateBriefingDocRequest = z.infer<typeof ZCreateBriefingDocRequest>;

export const BRIEFING_LIST_DEPTH_MESSAGE = `Only the first ${BRIEFING_LIST_LIMITS.max} documents can be listed: offset + limit must be at most ${BRIEFING_LIST_LIMITS.max}`;

/** spec 7.3, 7.4: search (title and content), type (omitted when all), limit, offset. */
export const ZBriefingDocListQuery = z
  .strictObject({
    search: z
      .string()
      .trim()
      .max(BRIEFING_LIST_LIMITS.searchMax)
      .refine((term) => term === '' || isSearchableTerm(term), BRIEFING_SEARCH_TOO_SHORT)
      .optional(),
    type: omittedWhenAll(ZBriefingDocType),
    limit: z.coerce.number().int().min(1).max(BRIEFING_LIST_LIMITS.max).default(BRIEFING_LIST_LIMITS.default),
    offset: z.coerce
      .number()
      .int()
      .min(0)
      .max(BRIEFING_LIST_LIMITS.max - 1, BRIEFING_LIST_DEPTH_MESSAGE)
      .default(0),
  })
  .refine((query) => query.offset + query.limit <= BRIEFING_LIST_LIMITS.max, { message: BRIEFING_LIST_DEPTH_MESSAGE, path: ['offset'] });
export type TBriefingDocListQuery = z.infer<typeof ZBriefingDocListQuery>;

/** The Briefing Room's tiles (spec 2.8); addedToday counts the last 24 hours. */
export const ZBriefingDocStats = z.object({
  totalDocuments: z.number().int().nonnegative(),
  contributors: z.number().int().nonnegative(),
  addedToday: z.number().int().nonnegative(),
});
export type TBriefingDocStats = z.infer<typeof ZBriefingDocStats>;

export const ZDeleteBriefingDocResponse = z.object({ message: z.literal(M.documentDeleted), id: z.string().uuid() });
export type TDeleteBriefingDocResponse = z.infer<typeof ZDeleteBriefingDocResponse>;

export const BRIEFING_OPERATIONS = {
  listDocuments: defineOperation({
    ...BRIEFING_ROUTES.listDocuments,
    owner: 'briefing',
    auth: 'user',
    errors: [400, 401],
    summary: 'Briefing documents, newest first, filtered by search (title and content) and type',
    query: ZBriefingDocListQuery,
    response: z.array(ZBriefingDocument),
  }),
  createDocument: defineOperation({
    ...BRIEFING_ROUTES.createDocument,
    owner: 'briefing',
    auth: 'active-user',
    errors: [400, 401, 403, 429],
    summary:
      'Contribute a briefing document (spec 5 rules; type defaults to talking_point; priorityId must name a priority; max_briefing_docs_per_user_per_day, 429 past it). Earns 2 PC for the first briefing_rewards_per_day documents of a UTC day; politicalCapitalEarned in the answer says whether this one does.',
    body: ZCreateBriefingDocRequest,
    response: ZCreatedBriefingDocument,
  }),
  documentStats: defineOperation({
    ...BRIEFING_ROUTES.documentStats,
    owner: 'briefing',
    auth: 'user',
    errors: [401],
    summary: 'The Briefing Room tiles: total documents, distinct contributors, documents added in the last 24 hours',
    response: ZBriefingDocStats,
  }),
  deleteDocument: defineOperation({
    ...BRIEFING_ROUTES.deleteDocument,
    owner: 'briefing',
    auth: 'admin',
    errors: [401, 403, 404],
    summary: 'Delete a briefing document (administrators only)',
    response: ZDeleteBriefingDocResponse,
  }),
};
