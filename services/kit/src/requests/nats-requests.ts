// The distributed profile's request transport: NATS core request/reply. Each responding service
// subscribes in a queue group named after itself, so one replica answers each request.
// Who asks (SECURITY 33): every process connects as its own NATS user, and the server lets a user
// publish only the request subjects whose definition names it among the callers
// (infra/nats-authorization.ts), so the server has checked the caller before a message arrives. The
// caller's name travels in `x-civic-caller` and is checked against the definition once more; the user
// the request is about, in `x-civic-request-identity`. No service holds a key that signs identities.
import { headers as natsHeaders, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { responderOf, ZReplyEnvelope, type RequestPayload, type TReplyEnvelope } from '@civic/contracts/shared/define-request';
import type { Logger } from 'pino';
import { wireSubjectFor } from '../events/naming.ts';
import { runInReplySpan, runInRequestSpan, type TraceHeaders } from '../events/trace-headers.ts';
import { CALLER_HEADER, identityOfHeader, REQUEST_IDENTITY_HEADER, requestIdentityHeader } from './request-identity.ts';
import { checkCaller, DEFAULT_REQUEST_TIMEOUT_MS, parseReply, RequestUnavailable, unavailableMessage, type RequestBus } from './request-bus.ts';

export interface NatsRequestBusOptions {
  nc: NatsConnection;
  namespace?: string;
  logger: Logger;
}

export function createNatsRequestBus(options: NatsRequestBusOptions): RequestBus {
  const { nc, logger } = options;
  const subscriptions: Subscription[] = [];
  const wire = (subject: string) => wireSubjectFor(subject, options.namespace);

  return {
    async respond(definition, handler) {
      const responder = responderOf(definition.subject);
      const subscription = nc.subscribe(wire(definition.subject), {
        queue: responder,
        callback: (error, msg) => {
          if (error) return logger.error({ err: error, subject: definition.subject }, 'request subscription failed');
          const carried: TraceHeaders = {};
          for (const key of msg.headers?.keys() ?? []) if (key !== REQUEST_IDENTITY_HEADER && key !== CALLER_HEADER) carried[key] = msg.headers!.get(key);
          void runInReplySpan(carried, definition.subject, async () => {
            let envelope: TReplyEnvelope;
            try {
              checkCaller(definition, msg.headers?.get(CALLER_HEADER));
              const identity = identityOfHeader(msg.headers?.get(REQUEST_IDENTITY_HEADER) ?? '');
              const payload = definition.request.parse(msg.json()) as RequestPayload<typeof definition>;
              envelope = { ok: true, reply: await handler(payload, identity) };
            } catch (cause) {
              // The caller learns only that this service could not answer; the reason stays in our log.
              logger.error({ err: cause, subject: definition.subject }, 'request not answered');
              envelope = { ok: false, message: unavailableMessage(definition) };
            }
            msg.respond(JSON.stringify(envelope));
          });
        },
      });
      subscriptions.push(subscription);
      // The subscription is registered with the server once a flush round trip completes.
      await nc.flush();
    },

    async request(definition, payload, requestOptions) {
      return runInRequestSpan(definition.subject, async (carried) => {
        const headers = natsHeaders();
        headers.set(CALLER_HEADER, requestOptions.caller);
        headers.set(REQUEST_IDENTITY_HEADER, requestIdentityHeader(requestOptions.identity));
        for (const [key, value] of Object.entries(carried)) headers.set(key, value);
        let envelope: TReplyEnvelope;
        try {
          const reply = await nc.request(wire(definition.subject), JSON.stringify(definition.request.parse(payload)), {
            timeout: requestOptions.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
            headers,
          });
          envelope = ZReplyEnvelope.parse(reply.json());
        } catch (cause) {
          logger.warn({ err: cause, subject: definition.subject }, 'request got no answer');
          throw new RequestUnavailable(unavailableMessage(definition));
        }
        if (!envelope.ok) throw new RequestUnavailable(envelope.message);
        return parseReply(definition, envelope.reply);
      });
    },

    async close() {
      for (const subscription of subscriptions.splice(0)) subscription.unsubscribe();
    },
  };
}
