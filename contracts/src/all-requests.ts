// Every request the contracts define, for what is generated from them: the NATS users' publish
// permissions (infra/nats-authorization.ts). A new request module is added here.
import { ACCOUNT_COUNT_REQUESTS } from './account/account-counts.ts';
import { EXPORT_REQUESTS } from './account/export.ts';
import { AUTH_REQUESTS } from './auth/requests.ts';
import { BRIEFING_REQUESTS } from './briefing/requests.ts';
import type { RequestDefinition } from './shared/define-request.ts';
import { LEDGER_REQUESTS } from './ledger/requests.ts';
import { PRIORITIES_REQUESTS } from './priorities/requests.ts';

export const ALL_REQUESTS: readonly RequestDefinition[] = [
  AUTH_REQUESTS,
  BRIEFING_REQUESTS,
  LEDGER_REQUESTS,
  PRIORITIES_REQUESTS,
  ACCOUNT_COUNT_REQUESTS,
  EXPORT_REQUESTS,
].flatMap((module) => Object.values(module) as RequestDefinition[]);

/** The request subjects `service` may ask (rpc.<responder>.<name>). */
export function requestSubjectsOf(service: string): string[] {
  return ALL_REQUESTS.filter((definition) => definition.callers.includes(service)).map((definition) => definition.subject);
}
