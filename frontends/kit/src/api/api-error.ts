// Errors thrown for non-ok answers. The message keeps the spec 8 shape
// ("{status}: {body text or status text}") because callers match on it.

export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
  }

  /** The `message` field of a JSON error body ({ message, code?, errors? }), when there is one. */
  get serverMessage(): string | null {
    try {
      const body: unknown = JSON.parse(this.bodyText);
      if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
        return body.message;
      }
    } catch {
      // Not JSON: the body is no user-facing message.
    }
    return null;
  }
}

/** The server's own message of a failed call (the `message` of its JSON error body), or null for
 *  anything else (a network failure, a body that is not JSON): callers then show their fallback. */
export function serverMessageOf(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}

const UNAUTHORIZED_PATTERN = /^401: .*Unauthorized/;

/** Spec 5: an error is an authentication failure when its message starts with 401 followed by Unauthorized. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && UNAUTHORIZED_PATTERN.test(error.message);
}

export async function throwIfResponseNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text();
  throw new ApiError(response.status, response.statusText, bodyText);
}
