// The priorities service's own settings on top of the platform's, parsed once at start.
import { z } from 'zod';

export const ZPrioritiesConfig = z.object({
  /** How often an idle rankings stream gets a comment line (proxies close silent connections). */
  PRIORITIES_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
});
