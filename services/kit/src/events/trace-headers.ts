// Carries W3C trace context (traceparent/tracestate, through whatever propagator is registered) from
// the producing request into the outbox row, the message headers and the consumer's handler. With no
// OpenTelemetry SDK registered, inject/extract are no-ops and the headers stay empty.
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Link } from '@opentelemetry/api';
import type { TEventEnvelope } from '@civic/contracts/shared/define-event';

export type TraceHeaders = Record<string, string>;

const TRACER_NAME = '@civic/service-kit/events';

/** Serialises a trace context (by default the active one) into plain headers. */
export function captureTraceHeaders(from: Context = context.active()): TraceHeaders {
  const carrier: TraceHeaders = {};
  propagation.inject(from, carrier);
  return carrier;
}

export function extractTraceContext(headers: TraceHeaders): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}

/**
 * Runs a consumer's work inside a CONSUMER span whose parent is the producer's trace, so one trace
 * spans request -> outbox -> message -> handler.
 */
export function runInConsumerSpan<R>(
  headers: TraceHeaders,
  envelope: TEventEnvelope,
  consumer: string,
  system: 'nats' | 'in-process',
  work: () => Promise<R>,
): Promise<R> {
  return runInSpan(`${envelope.subject} process`, SpanKind.CONSUMER, extractTraceContext(headers), work, {
    'messaging.system': system,
    'messaging.destination.name': envelope.subject,
    'messaging.message.id': envelope.id,
    'messaging.consumer.group.name': consumer,
  });
}

/**
 * A batch consumer's work (process-event.ts createBatchConsumerStep) in one CONSUMER span of its
 * own, linked to the producer's trace of every event in it.
 */
export function runInConsumerBatchSpan<R>(
  headers: readonly TraceHeaders[],
  subject: string,
  consumer: string,
  system: 'nats' | 'in-process',
  work: () => Promise<R>,
): Promise<R> {
  const links: Link[] = [];
  for (const carried of headers) {
    const linked = trace.getSpanContext(extractTraceContext(carried));
    if (linked) links.push({ context: linked });
  }
  return runInSpan(
    `${subject} process batch`,
    SpanKind.CONSUMER,
    ROOT_CONTEXT,
    work,
    {
      'messaging.system': system,
      'messaging.destination.name': subject,
      'messaging.consumer.group.name': consumer,
      'messaging.batch.message_count': headers.length,
    },
    links,
  );
}

/**
 * Request/reply between services (requests/): the asking side runs inside a CLIENT span whose
 * context travels in the request's headers; the answering side continues it in a SERVER span, so a
 * promotion (priorities -> ledger debit) or an export (account -> each service) is one trace.
 */
export function runInRequestSpan<R>(subject: string, work: (carried: TraceHeaders) => Promise<R>): Promise<R> {
  return runInSpan(`${subject} request`, SpanKind.CLIENT, context.active(), () => work(captureTraceHeaders()), natsAttributes(subject));
}

export function runInReplySpan<R>(headers: TraceHeaders, subject: string, work: () => Promise<R>): Promise<R> {
  return runInSpan(`${subject} reply`, SpanKind.SERVER, extractTraceContext(headers), work, natsAttributes(subject));
}

function natsAttributes(subject: string): Attributes {
  return { 'messaging.system': 'nats', 'messaging.destination.name': subject };
}

/** Runs `work` in a span of `kind` under `parent`, recording a failure on it. */
function runInSpan<R>(name: string, kind: SpanKind, parent: Context, work: () => Promise<R>, attributes: Attributes, links?: Link[]): Promise<R> {
  return trace.getTracer(TRACER_NAME).startActiveSpan(name, { kind, attributes, links }, parent, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
