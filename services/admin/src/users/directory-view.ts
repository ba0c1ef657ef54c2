// A directory row as the users page shows it (contracts' ZAdminUser).
import type { TAdminUser, TApprovalStatus } from '@civic/contracts';

/** The columns of a page row, in the shape of DirectoryRow. */
export const DIRECTORY_COLUMNS = `d.id::text AS id, d.email, d.first_name AS "firstName", d.last_name AS "lastName",
  d.profile_image_url AS "profileImageUrl", d.political_capital AS "politicalCapital", d.followers,
  to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  d.is_admin AS "isAdmin", d.is_banned AS "isBanned", d.approval_status AS "approvalStatus"`;

export interface DirectoryRow {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  politicalCapital: number | null;
  followers: number | null;
  createdAt: string | null;
  isAdmin: boolean;
  isBanned: boolean;
  approvalStatus: string;
}

/**
 * The row as answered. Numbers no owner reported yet are 0. email and createdAt are null only for a
 * row whose registration event has not arrived (never on a page; possible in an action's answer
 * right after sign-up): '' and `fallbackCreatedAt` then, until the event fills them.
 */
export function toAdminUser(row: DirectoryRow, fallbackCreatedAt = new Date(0).toISOString()): TAdminUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    email: row.email ?? '',
    politicalCapital: Number(row.politicalCapital ?? 0),
    followers: Number(row.followers ?? 0),
    createdAt: row.createdAt ?? fallbackCreatedAt,
    isAdmin: row.isAdmin,
    isBanned: row.isBanned,
    approvalStatus: row.approvalStatus as TApprovalStatus,
  };
}
