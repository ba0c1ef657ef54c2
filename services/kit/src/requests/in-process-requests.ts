// The embedded profile's request transport: every service of the process registers its handlers in
// one map. Payloads and replies are still checked against the contract, as on NATS.
import type { RequestDefinition, RequestPayload } from '@civic/contracts/requests/define-request';
import { parseReply, RequestUnavailable, type RequestBus, type RequestHandler } from './request-bus.ts';

export function createInProcessRequestBus(): RequestBus {
  const handlers = new Map<string, RequestHandler<RequestDefinition>>();
  return {
    async respond(definition, handler) {
      if (handlers.has(definition.subject)) throw new Error(`${definition.subject} already has a responder`);
      handlers.set(definition.subject, handler as RequestHandler<RequestDefinition>);
    },
    async request(definition, payload, options) {
      const handler = handlers.get(definition.subject);
      if (!handler) throw new RequestUnavailable(`Nothing answers ${definition.subject}`);
      const request = definition.request.parse(payload) as RequestPayload<typeof definition>;
      let reply: unknown;
      try {
        reply = await handler(request, options.identity);
      } catch {
        throw new RequestUnavailable(`${definition.subject} failed`);
      }
      return parseReply(definition, reply);
    },
    async close() {
      handlers.clear();
    },
  };
}
