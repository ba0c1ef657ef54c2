// Client-side checks of the Contribute Document form (spec 5 "Briefing document"): the same limits and
// messages as the server's schema (contracts ZCreateBriefingDocRequest), read on the text without its
// surrounding blanks. Zod-free (contracts/messages), so the page does not load zod for them.
import { BRIEFING_LIMITS, BRIEFING_MESSAGES, DEFAULT_BRIEFING_DOC_TYPE, type TBriefingDocType } from '@civic/contracts/briefing/messages';

/** The priority picker's "none" choice: no priority is sent (spec 2.14: the picker is optional). */
export const NO_PRIORITY = 'none';

export interface DocumentForm {
  title: string;
  content: string;
  type: TBriefingDocType;
  /** A priority id, or NO_PRIORITY. */
  priorityId: string;
}

export type DocumentFormField = keyof DocumentForm;
export type DocumentFormErrors = Partial<Record<DocumentFormField, string>>;

export interface CreateDocumentBody {
  title: string;
  content: string;
  type: TBriefingDocType;
  priorityId?: string;
}

export const EMPTY_DOCUMENT_FORM: DocumentForm = { title: '', content: '', type: DEFAULT_BRIEFING_DOC_TYPE, priorityId: NO_PRIORITY };

export function validateDocument(form: DocumentForm): DocumentFormErrors {
  const errors: DocumentFormErrors = {};
  const title = form.title.trim();
  const content = form.content.trim();
  if (title.length < BRIEFING_LIMITS.titleMin) errors.title = BRIEFING_MESSAGES.titleTooShort;
  else if (title.length > BRIEFING_LIMITS.titleMax) errors.title = BRIEFING_MESSAGES.titleTooLong;
  if (content.length < BRIEFING_LIMITS.contentMin) errors.content = BRIEFING_MESSAGES.contentTooShort;
  else if (content.length > BRIEFING_LIMITS.contentMax) errors.content = BRIEFING_MESSAGES.contentTooLong;
  return errors;
}

/** The POST /api/briefing-docs body: the title trimmed, the content as typed (stored verbatim); priorityId only when one was chosen. */
export function toCreateDocumentBody(form: DocumentForm): CreateDocumentBody {
  const body: CreateDocumentBody = { title: form.title.trim(), content: form.content, type: form.type };
  if (form.priorityId !== NO_PRIORITY && form.priorityId !== '') body.priorityId = form.priorityId;
  return body;
}
