// The embedded profile's request transport: every service of the process registers its handlers in
// one map. Payloads and replies are still checked against the contract, and the caller against the
// definition's callers, as on NATS.
import type { Logger } from 'pino';
import type { RequestDefinition, RequestPayload } from '@civic/contracts/shared/define-request';
import { checkCaller, parseReply, RequestUnavailable, unavailableMessage, type RequestBus, type RequestHandler } from './request-bus.ts';

export function createInProcessRequestBus(logger: Logger): RequestBus {
  const handlers = new Map<string, RequestHandler<RequestDefinition>>();
  return {
    async respond(definition, handler) {
      if (handlers.has(definition.subject)) throw new Error(`${definition.subject} already has a responder`);
      handlers.set(definition.subject, handler as RequestHandler<RequestDefinition>);
    },
    async request(definition, payload, options) {
      const handler = handlers.get(definition.subject);
      if (!handler) throw new RequestUnavailable(unavailableMessage(definition));
      const request = definition.request.parse(payload) as RequestPayload<typeof definition>;
      let reply: unknown;
      try {
        checkCaller(definition, options.caller);
        reply = await handler(request, options.identity);
      } catch (cause) {
        logger.error({ err: cause, subject: definition.subject }, 'request not answered');
        throw new RequestUnavailable(unavailableMessage(definition));
      }
      return parseReply(definition, reply);
    },
    async close() {
      handlers.clear();
    },
  };
}
