// The single QueryClient shared by shell and every micro-frontend (kit is a
// federation singleton), so cache rules span areas: e.g. a promotion refreshes the navbar balance.
import { MutationCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { isUnauthorizedError, throwIfResponseNotOk } from './api-error.ts';
import { openSignInDialog } from '../features/sign-in/sign-in-dialog-store.ts';

/** Spec 7.1: a read is a GET of the query key parts joined with '/'. */
export function queryKeyToPath(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/');
}

export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await fetch(queryKeyToPath(queryKey), { credentials: 'include' });
    if (options.on401 === 'returnNull' && response.status === 401) return null;
    await throwIfResponseNotOk(response);
    return (await response.json()) as T;
  };
}

export const queryClient = new QueryClient({
  // Spec 2.4/6: any action answered "unauthorized" opens the sign-in dialog.
  mutationCache: new MutationCache({
    onError: (error) => {
      if (isUnauthorizedError(error)) openSignInDialog();
    },
  }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});
