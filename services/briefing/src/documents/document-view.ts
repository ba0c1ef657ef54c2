// A document as the API answers it (contracts' ZBriefingDocument): its row joined with its author's
// names from the members read model (null until the author sets a profile) and the linked priority's
// title from the priorities read model (the card shows it).
import type { TBriefingDocType, TBriefingDocument } from '@civic/contracts';

export interface DocumentRow {
  id: string;
  title: string;
  content: string;
  type: string;
  priority_id: string | null;
  priority_title: string | null;
  author_id: string;
  is_public: boolean;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
}

/** A document's own columns as the views read them (not search_text, the search's copy of the text). */
export const DOCUMENT_COLUMNS = 'd.id, d.title, d.content, d.type, d.priority_id, d.author_id, d.is_public, d.created_at';

/** `documents` is SQL naming the rows to show (aliased d's source); the names are joined on. */
export function selectDocumentViews(documents: string): string {
  return `SELECT d.id, d.title, d.content, d.type, d.priority_id, p.title AS priority_title, d.author_id, d.is_public, d.created_at, m.first_name, m.last_name
          FROM (${documents}) d LEFT JOIN briefing.members m ON m.user_id = d.author_id
          LEFT JOIN briefing.priorities p ON p.priority_id = d.priority_id`;
}

export function toDocumentView(row: DocumentRow): TBriefingDocument {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: row.type as TBriefingDocType,
    priorityId: row.priority_id,
    priorityTitle: row.priority_title,
    authorId: row.author_id,
    author: { firstName: row.first_name, lastName: row.last_name },
    isPublic: row.is_public,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
