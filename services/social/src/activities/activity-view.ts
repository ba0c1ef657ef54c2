// An activity row, joined with its author's member row, as the API answers it (spec 3 "Activity").
import type { TActivity, TActivityType } from '@civic/contracts';

export interface ActivityRow {
  id: string;
  type: string;
  description: string;
  created_at: Date | string;
  user_id: string;
  /** null when social has not heard of the member yet (their registration event is on its way). */
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
}

export function toActivityView(row: ActivityRow): TActivity {
  return {
    id: row.id,
    type: row.type as TActivityType,
    description: row.description,
    createdAt: new Date(row.created_at).toISOString(),
    user: { id: row.user_id, firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url },
  };
}
