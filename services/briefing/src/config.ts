// The briefing service's own settings on top of the platform's, parsed once at start.
import { z } from 'zod';

export const ZBriefingConfig = z.object({
  /**
   * Units of list reads from the database one account may spend a minute (documents/list-documents.ts;
   * the kit's read budget, as PRIORITIES_READ_BUDGET): a search or a page past the kept first pages
   * costs one per 50 rows asked for; beyond the budget 429. 600, as priorities'.
   */
  BRIEFING_READ_BUDGET: z.coerce.number().int().min(1).max(1_000_000).default(600),
});
