// What a priorities list read costs from the account's read budget (the kit's http/read-budget.ts):
// the gateway's per-network limit cannot tell a read from memory from a search or a deep page, and
// here the cost is known. A read the kept top list answers is free; any other costs one unit per 50
// rows it asks for (offset + limit).
import type { TPriorityListQuery } from '@civic/contracts';
import { rowsReadCost } from '@civic/service-kit';
import { TOP_DEPTH } from './top-priorities-cache.ts';

/** What a read costs: 0 when the top list in memory answers it. */
export function readCostOf(query: TPriorityListQuery): number {
  const rows = query.offset + query.limit;
  if (!query.search && !query.category && !query.state && query.includeInactive !== 'true' && rows <= TOP_DEPTH) return 0;
  return rowsReadCost(rows);
}
