import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions, type CurrentUser } from './current-user.ts';

export interface AuthInfo {
  user: CurrentUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

export function useAuth(): AuthInfo {
  const { data, isLoading } = useQuery(currentUserQueryOptions);
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
