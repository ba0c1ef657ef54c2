// The logger the event code writes to: the pino calling convention (fields first, then the message),
// so a pino or Fastify logger is passed as is.

export type EventLogFn = (fields: object, message?: string) => void;

export interface EventLogger {
  info: EventLogFn;
  warn: EventLogFn;
  error: EventLogFn;
  debug: EventLogFn;
}

export function describeError(error: unknown): { message: string; name?: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, name: error.name, stack: error.stack };
  return { message: String(error) };
}
