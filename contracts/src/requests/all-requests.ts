// Every request the contracts define, for what is generated from them: the NATS users' publish
// permissions (infra/nats-authorization.ts). A new request module is added here.
import { ACCOUNT_COUNT_REQUESTS } from '../data-rights/account-counts.ts';
import { EXPORT_REQUESTS } from '../data-rights/export.ts';
import { AUTH_REQUESTS } from './auth.ts';
import { BRIEFING_REQUESTS } from './briefing.ts';
import type { RequestDefinition } from './define-request.ts';
import { LEDGER_REQUESTS } from './ledger.ts';
import { PRIORITIES_REQUESTS } from './priorities.ts';

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
