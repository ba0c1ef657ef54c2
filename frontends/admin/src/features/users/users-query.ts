// The User Management read (spec 7.4, 9): limit 20, offset = page × 20, search (name or e-mail) when typed.
import { ADMIN_USER_LIST_LIMITS } from '@civic/contracts/admin/messages';
import { USERS_PATH } from '../../api/admin-paths.ts';

export const USERS_PAGE_SIZE = ADMIN_USER_LIST_LIMITS.pageSize;

export function usersPath(search: string, page: number): string {
  const query = new URLSearchParams({ limit: String(USERS_PAGE_SIZE), offset: String(page * USERS_PAGE_SIZE) });
  const trimmed = search.trim();
  if (trimmed) query.set('search', trimmed);
  return `${USERS_PATH}?${query}`;
}

/** spec 2.12: Next is disabled when the page returned fewer rows than the page size. */
export const hasNextUsersPage = (rowsOnPage: number) => rowsOnPage >= USERS_PAGE_SIZE;
