// The one UUID pattern (any version, either case): what services check an id from a path or a cookie
// against before it reaches SQL, so that anything else names nothing (a 404, not a database error).
// Anchored and without nested repetition: linear on any input (test/regex-safety).
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
