// GET /api/account/export (docs/protocols/account-data.md "Export"): asks every service named in
// contracts' EXPORT_SECTIONS for its section, all at once, and answers one document. A service that
// does not answer fails the export with 503 rather than handing the user an incomplete copy.
import { EXPORT_FORMAT, EXPORT_REQUESTS, EXPORT_SERVICES, type TAccountExport } from '@civic/contracts';
import type { Identity } from '@civic/service-kit';
import type { AccountContext } from '../context.ts';

export async function gatherExport(ctx: AccountContext, identity: Identity & { userId: string }): Promise<TAccountExport> {
  const sections = await Promise.all(
    EXPORT_SERVICES.map(
      async (service) => [service, await ctx.platform.requests.request(EXPORT_REQUESTS[service], {}, { caller: 'account', identity })] as const,
    ),
  );
  return {
    format: EXPORT_FORMAT,
    exportedAt: ctx.platform.clock.now().toISOString(),
    userId: identity.userId,
    sections: Object.fromEntries(sections) as TAccountExport['sections'],
  };
}
