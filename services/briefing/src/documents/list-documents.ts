// GET /api/briefing-docs: newest first, filtered by search (title or content contains the term, any
// case: matched in the lower-cased search_text column, which a trigram index serves; migration
// 20261205000000_search_text says why) and type, paged by limit/offset (at most row 1000, contracts'
// BRIEFING_LIST_LIMITS). A term is at least 3 characters (contracts refuse shorter ones: the index
// has no trigram to look up), and every read the first pages in memory do not answer is paid from
// the account's read budget first (SECURITY 32).
import type { TBriefingDocListQuery, TBriefingDocument } from '@civic/contracts';
import { rowsReadCost } from '@civic/service-kit';
import type { BriefingContext } from '../context.ts';
import { DOCUMENT_COLUMNS, type DocumentRow, selectDocumentViews, toDocumentView } from './document-view.ts';
import { isCacheable } from './first-pages-cache.ts';

const NEWEST_FIRST = 'ORDER BY d.created_at DESC, d.id DESC';

/** A LIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The SQL of one page (exported so a test can EXPLAIN it). */
export function listQuery(query: TBriefingDocListQuery): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const next = (value: unknown) => `$${params.push(value)}`;
  if (query.search) {
    // Lower-cased as the column is, by PostgreSQL's lower() on both sides, so both fold alike.
    conditions.push(`d.search_text LIKE lower(${next(containsPattern(query.search))})`);
  }
  if (query.type) conditions.push(`d.type = ${next(query.type)}`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const page = `SELECT ${DOCUMENT_COLUMNS} FROM briefing.documents d ${where} ${NEWEST_FIRST} LIMIT ${next(query.limit)}::int OFFSET ${next(query.offset)}::int`;
  return { sql: `${selectDocumentViews(page)} ${NEWEST_FIRST}`, params };
}

export async function listDocuments(ctx: BriefingContext, query: TBriefingDocListQuery): Promise<TBriefingDocument[]> {
  const { sql, params } = listQuery(query);
  const rows = await ctx.db.query<DocumentRow>(sql, params);
  return rows.map(toDocumentView);
}

/**
 * The page as the JSON answered; the unfiltered first pages from memory (first-pages-cache.ts), free;
 * any other read paid from the viewer's budget first (a refusal reads nothing).
 */
export async function listDocumentsJson(ctx: BriefingContext, viewerId: string, query: TBriefingDocListQuery): Promise<string> {
  const load = async () => JSON.stringify(await listDocuments(ctx, query));
  if (isCacheable(query)) return ctx.firstPages.read(query, load);
  await ctx.readBudget.spend(viewerId, rowsReadCost(query.offset + query.limit));
  return load();
}
