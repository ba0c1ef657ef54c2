// A start-up that cannot reach a dependency says which one, where, and which variable names it,
// instead of a bare "ECONNREFUSED" from deep inside a client library. Credentials are left out.

function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

export class DependencyStartError extends Error {
  override readonly name = 'DependencyStartError';
}

export function unreachableDependency(variable: string, dependency: string, url: string, cause: unknown): DependencyStartError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new DependencyStartError(`${variable}: cannot reach ${dependency} at ${withoutCredentials(url)} (${reason})`, { cause });
}
