// Spec 8 "Sign-in": the server's message when it sent one, else the fallback.
import { ApiError } from '../../api/api-error.ts';

export function describeSignInError(error: unknown, fallbacks: { answered: string; unreachable: string }): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallbacks.answered;
  return fallbacks.unreachable;
}
