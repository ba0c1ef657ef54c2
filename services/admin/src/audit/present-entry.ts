// How an entry reads on the audit page: the citizen pseudonyms it chained (a user target, a content
// author) are shown as the account they link to while the account exists, with the content's title
// beside; after the citizen's erasure the pseudonym is all that is left (SECURITY 25).

/**
 * The joins that resolve a row `a` of audit_logs: ts the user target, au the author, t the title. The
 * casts are on the entry's side, so the pseudonyms' unique index serves; only user targets are cast
 * (a setting's key is no uuid).
 */
export const SUBJECT_JOINS = `LEFT JOIN admin.audit_subjects ts ON ts.subject_ref = CASE WHEN a.target_type = 'user' THEN a.target_id::uuid END
  LEFT JOIN admin.audit_subjects au ON au.subject_ref = (a.details->>'authorRef')::uuid
  LEFT JOIN admin.audit_titles t ON t.entry_id = a.id`;

/** The columns those joins add. */
export const SUBJECT_COLUMNS = `ts.user_id::text AS "targetUserId", au.user_id::text AS "authorId", t.title`;

/** What a search term may also match through them (`p` is its parameter). */
export const subjectSearch = (p: string) => `ts.user_id::text ILIKE ${p} OR au.user_id::text ILIKE ${p} OR t.title ILIKE ${p}`;

export interface SubjectColumns {
  targetUserId: string | null;
  authorId: string | null;
  title: string | null;
}

/**
 * Details as written before pseudonyms ({ title, authorId }) are shown as they are; a chained
 * authorRef becomes authorId and title while linked (authorId null when there was no author), and
 * stays a bare authorRef once its citizen is erased.
 */
export function presentDetails(details: Record<string, unknown>, subjects: SubjectColumns): Record<string, unknown> {
  if (!('authorRef' in details)) return details;
  const { authorRef, ...rest } = details;
  const author = subjects.authorId !== null || authorRef === null ? { authorId: subjects.authorId } : { authorRef };
  return { ...rest, ...(subjects.title !== null ? { title: subjects.title } : {}), ...author };
}
