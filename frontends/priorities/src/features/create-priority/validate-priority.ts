// Client-side checks of the Create Priority form (spec 5): the same limits and messages as the
// server's schema (contracts ZCreatePriorityRequest), which counts the trimmed text.
import { PRIORITY_LIMITS, PRIORITY_MESSAGES } from '@civic/contracts/priorities/messages';

/** The issue picker's "none" choice: no issue is sent (spec 2.13). */
export const NO_ISSUE = 'none';

export interface PriorityForm {
  title: string;
  description: string;
  /** An issue id as text, or NO_ISSUE. */
  issueId: string;
}

export type PriorityFormField = keyof PriorityForm;
export type PriorityFormErrors = Partial<Record<PriorityFormField, string>>;

export interface CreatePriorityBody {
  title: string;
  description: string;
  issueId?: number;
}

export const EMPTY_PRIORITY_FORM: PriorityForm = { title: '', description: '', issueId: NO_ISSUE };

export function validatePriority(form: PriorityForm): PriorityFormErrors {
  const errors: PriorityFormErrors = {};
  const title = form.title.trim();
  const description = form.description.trim();
  if (title.length < PRIORITY_LIMITS.titleMin) errors.title = PRIORITY_MESSAGES.titleTooShort;
  else if (title.length > PRIORITY_LIMITS.titleMax) errors.title = PRIORITY_MESSAGES.titleTooLong;
  if (description.length < PRIORITY_LIMITS.descriptionMin) errors.description = PRIORITY_MESSAGES.descriptionTooShort;
  else if (description.length > PRIORITY_LIMITS.descriptionMax) errors.description = PRIORITY_MESSAGES.descriptionTooLong;
  return errors;
}

/** The POST /api/priorities body: trimmed text; issueId only when an issue was chosen. */
export function toCreatePriorityBody(form: PriorityForm): CreatePriorityBody {
  const body: CreatePriorityBody = { title: form.title.trim(), description: form.description.trim() };
  if (form.issueId !== NO_ISSUE && form.issueId !== '') body.issueId = Number(form.issueId);
  return body;
}
