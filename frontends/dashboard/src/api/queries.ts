// The dashboard's reads (spec 7.3, 9); each key is the path it GETs (spec 7.1).
import { BRIEFING_ROUTES } from '@civic/contracts/briefing/routes';
import { PRIORITIES_ROUTES } from '@civic/contracts/priorities/routes';
import { ACTIVITIES_PATH } from '@civic/frontend-kit';

export const STATS_QUERY_KEY = [PRIORITIES_ROUTES.stats.path] as const;
/** spec 9: activities are fetched with limit 10, 5 are shown. */
export const RECENT_ACTIVITY_QUERY_KEY = [`${ACTIVITIES_PATH}?limit=10`] as const;
export const RECENT_ACTIVITY_SHOWN = 5;
/** spec 2.5: Top Priorities This Week shows the first 10. */
export const TOP_PRIORITIES_SHOWN = 10;
export const PRIORITIES_PAGE_PATH = '/priorities';
/** spec 9: briefing documents are fetched with limit 5, the 3 newest are shown. */
export const LATEST_DOCUMENTS_QUERY_KEY = [`${BRIEFING_ROUTES.listDocuments.path}?limit=5`] as const;
export const LATEST_DOCUMENTS_SHOWN = 3;
export const BRIEFING_ROOM_PAGE_PATH = '/briefing-room';
/** spec 9: the dashboard shows 3 transactions. */
export const TRANSACTIONS_SHOWN = 3;
