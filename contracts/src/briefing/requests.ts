// Questions the briefing service answers for other services.
//
// - rpc.briefing.document_lookup: does this briefing document exist, who wrote it and its title. The
//   admin service keeps a read model of documents from civic.briefing.document.created (a citizen may
//   report one), but a document created a moment ago may not have reached it yet; on a miss
//   it asks here. `document: null` means no such document (never created, deleted by an administrator,
//   or erased with its author); no answer at all (briefing down, a timeout) is the caller's 503.
import { z } from 'zod';
import { defineRequest } from '../shared/define-request.ts';

export const ZDocumentLookupRequest = z.strictObject({
  documentId: z.string().uuid(),
});
export type TDocumentLookupRequest = z.infer<typeof ZDocumentLookupRequest>;

export const ZDocumentLookupReply = z.object({
  /** The document as civic.briefing.document.created describes it, or null when none has that id. */
  document: z
    .object({
      documentId: z.string().uuid(),
      authorId: z.string().uuid(),
      title: z.string(),
      /** When it was created (ISO 8601). */
      createdAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
});
export type TDocumentLookupReply = z.infer<typeof ZDocumentLookupReply>;

export const BRIEFING_REQUESTS = {
  documentLookup: defineRequest('rpc.briefing.document_lookup', ZDocumentLookupRequest, ZDocumentLookupReply, ['admin']),
} as const;
