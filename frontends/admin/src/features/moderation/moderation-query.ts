// The Content Moderation reads (spec 7.4, 9; issue 20): 100 priorities, the removed (inactive) ones
// included for an administrator, 100 briefing documents, and the reported items.
import { MODERATION_LIST_LIMIT } from '@civic/contracts/admin/messages';
import { BRIEFING_DOCS_PATH, PRIORITIES_PATH, REPORTS_PATH } from '../../api/admin-paths.ts';

export const MODERATION_PRIORITIES_PATH = `${PRIORITIES_PATH}?limit=${MODERATION_LIST_LIMIT}&includeInactive=true`;
export const MODERATION_DOCUMENTS_PATH = `${BRIEFING_DOCS_PATH}?limit=${MODERATION_LIST_LIMIT}`;
export const MODERATION_REPORTS_PATH = REPORTS_PATH;
