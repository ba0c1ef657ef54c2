// Events the briefing service publishes. Declared before the service exists so that social (the
// activity feed) can consume them.
import { z } from 'zod';
import { defineEvent } from './define-event.ts';

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

export const BRIEFING_EVENTS = [DocumentCreated] as const;
