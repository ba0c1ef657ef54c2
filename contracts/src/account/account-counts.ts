// GET /api/account/stats (spec 3 "Account stats") asks each service that owns one of the counts for
// it, the same way the export gathers sections (docs/protocols/account-data.md): one request per
// service, subject rpc.<service>.account_counts, answering the counts it owns. A count whose service
// does not exist yet is 0. A service that owns a count joins by adding itself here.
import { z } from 'zod';
import { ZAccountStats } from './http.ts';
import { defineRequestPerService } from '../shared/define-request.ts';

export const ZAccountCountsRequest = z.strictObject({});

export const ACCOUNT_COUNT_OWNERS = {
  social: ZAccountStats.pick({ activitiesCount: true, followersCount: true, followingCount: true }),
  priorities: ZAccountStats.pick({ prioritiesCount: true, votesCount: true }),
  briefing: ZAccountStats.pick({ briefingDocsCount: true }),
} as const;
export type AccountCountOwner = keyof typeof ACCOUNT_COUNT_OWNERS;
export const ACCOUNT_COUNT_SERVICES = Object.keys(ACCOUNT_COUNT_OWNERS) as AccountCountOwner[];

export const ACCOUNT_COUNT_REQUESTS = defineRequestPerService('account_counts', ZAccountCountsRequest, ACCOUNT_COUNT_OWNERS, ['account']);
