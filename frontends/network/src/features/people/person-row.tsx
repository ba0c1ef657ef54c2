// One citizen in a list: avatar (a silhouette when missing), name linking to the profile, an optional
// detail line, and the actions at the end (wrapping under the name at phone width).
import { AppLink } from '@civic/frontend-kit';
import type { ReactNode } from 'react';
import { nameOf } from '../texts/network-texts.ts';

export interface ListedPerson {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export function PersonAvatar({ url }: { url: string | null }) {
  // Decorative: the name beside it says who it is.
  if (url) return <img src={url} alt="" className="size-10 shrink-0 rounded-full object-cover" />;
  return (
    <svg aria-hidden="true" viewBox="0 0 96 96" className="size-10 shrink-0 rounded-full bg-slate-200">
      <circle cx="48" cy="36" r="18" fill="#94a3b8" />
      <path d="M14 88c4-20 18-30 34-30s30 10 34 30z" fill="#94a3b8" />
    </svg>
  );
}

export function PersonRow({ person, detail, actions }: { person: ListedPerson; detail?: string | null; actions?: ReactNode }) {
  const name = nameOf(person);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" aria-label={name}>
      <PersonAvatar url={person.profileImageUrl} />
      <div className="min-w-0 flex-1">
        <AppLink href={`/profile/${encodeURIComponent(person.id)}`} className="block truncate font-medium text-slate-900 hover:underline">
          {name}
        </AppLink>
        {detail && <p className="truncate text-sm text-slate-600">{detail}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </li>
  );
}

/** The states every list shares: loading, failed, empty, or its rows. */
export function ListState({
  isPending,
  isError,
  isEmpty,
  empty,
  loading,
  failed,
}: {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  empty: string;
  loading: string;
  failed: string;
}) {
  if (isPending) {
    return (
      <p role="status" className="py-6 text-center text-sm text-slate-500">
        {loading}
      </p>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="py-6 text-center text-sm text-red-700">
        {failed}
      </p>
    );
  }
  if (isEmpty) return <p className="py-6 text-center text-sm text-slate-500">{empty}</p>;
  return null;
}
