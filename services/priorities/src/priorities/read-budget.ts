// What a priorities list read costs from the account's read budget (the budget
// itself is the kit's, services/kit/src/http/read-budget.ts). The gateway's read limit counts
// requests per client network (RATE_LIMIT_READ, 1,200 a minute) and cannot tell a read of the kept
// top list (memory, microseconds) from a search or a 1,000-row page (PostgreSQL); here the cost is
// known. A read answered from the top list (unfiltered, active only, no state, within its first
// TOP_DEPTH rows) is free; every other read costs one unit per 50 rows it asks for (offset + limit):
// a searched, filtered or deep page of 50 costs 1, a Load More at 1,000 rows 20.
import type { TPriorityListQuery } from '@civic/contracts';
import { rowsReadCost } from '@civic/service-kit';
import { TOP_DEPTH } from './top-priorities-cache.ts';

/** What a read costs: 0 when the top list in memory answers it. */
export function readCostOf(query: TPriorityListQuery): number {
  const rows = query.offset + query.limit;
  if (!query.search && !query.category && !query.state && query.includeInactive !== 'true' && rows <= TOP_DEPTH) return 0;
  return rowsReadCost(rows);
}
