// Events the briefing service publishes (social's activity feed, the ledger's credit and priorities'
// Talking Points tile consume them).
import { z } from 'zod';
import { ZAdminOrigin } from '../shared/admin-origin.ts';
import { defineEvent } from '../shared/define-event.ts';

/** A user contributed a briefing document (spec 2.14). */
export const DocumentCreated = defineEvent(
  'civic.briefing.document.created',
  1,
  z.object({
    documentId: z.string().uuid(),
    authorId: z.string().uuid(),
    title: z.string(),
    /** When the document was created (ISO 8601). */
    createdAt: z.iso.datetime({ offset: true }),
  }),
);

/** An administrator deleted a briefing document (spec 6); the admin slice turns it into an audit entry. */
export const DocumentDeleted = defineEvent(
  'civic.briefing.document.deleted',
  1,
  z.object({
    documentId: z.string().uuid(),
    authorId: z.string().uuid(),
    title: z.string(),
    /** The administrator who deleted it. */
    adminId: z.string().uuid(),
    /** When it was deleted (ISO 8601). */
    deletedAt: z.iso.datetime({ offset: true }),
    /** The administrator's request (absent in events published before it was added). */
    origin: ZAdminOrigin.optional(),
  }),
);

export const BRIEFING_EVENTS = [DocumentCreated, DocumentDeleted] as const;
