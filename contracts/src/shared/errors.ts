// The one error body every service and the gateway answer with (CONVENTIONS.md "Errors").
import { z } from 'zod';

export const ZFieldError = z.object({
  path: z.string().describe('Dotted path of the offending field, empty for the whole body'),
  message: z.string(),
});

export const ZErrorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(ZFieldError).optional(),
  /**
   * A refusal that lifts by itself (a vote change inside its cooldown): when the same request may
   * succeed again, as a time and as whole seconds from the answer (also the Retry-After header).
   */
  retryAt: z.string().datetime().optional(),
  retryAfterSeconds: z.number().int().nonnegative().optional(),
});

export type TFieldError = z.infer<typeof ZFieldError>;
export type TErrorBody = z.infer<typeof ZErrorBody>;
