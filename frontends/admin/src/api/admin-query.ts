// Admin list reads (spec 8): a non-ok answer raises "{status}: {status text}", not the body.

export class AdminListError extends Error {
  readonly status: number;
  constructor(status: number, statusText: string) {
    super(`${status}: ${statusText}`);
    this.name = 'AdminListError';
    this.status = status;
  }
}

/** The read of `path` (query string included) under the key [path] (spec 7.1). */
export function adminListQuery<T>(path: string) {
  return {
    queryKey: [path] as const,
    queryFn: async (): Promise<T> => {
      const response = await fetch(path, { credentials: 'include' });
      if (!response.ok) throw new AdminListError(response.status, response.statusText);
      return (await response.json()) as T;
    },
  };
}

/** Every cached read whose key starts with this path (e.g. every page and filter of the audit log). */
export const startsWithPath = (path: string) => (query: { queryKey: readonly unknown[] }) => String(query.queryKey[0]).startsWith(path);
