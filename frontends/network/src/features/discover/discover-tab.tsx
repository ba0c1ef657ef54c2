// Discover (spec 2.9): a search box finding citizens with public profiles by name (GET
// /api/users/search, account); the empty box shows the spec's "Coming Soon" placeholder. Each
// result's follow control comes from social's answer for exactly the ids shown (GET
// /api/network/following?ids=), so every row is marked right, however many people the caller follows.
import type { TCitizenSearchResult } from '@civic/contracts/social/network';
import { Input, useDebounced } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { Search, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { followingAmongPath, searchPath } from '../../api/network-paths.ts';
import { FollowButton } from '../follow/follow-button.tsx';
import { ListState, PersonRow } from '../people/person-row.tsx';
import { NETWORK_TEXTS } from '../texts/network-texts.ts';
import { searchStateOf } from './search-state.ts';

const TYPING_PAUSE_MS = 300;

export function DiscoverTab() {
  const [text, setText] = useState('');
  const state = searchStateOf(useDebounced(text, TYPING_PAUSE_MS));
  const typed = searchStateOf(text);
  return (
    <div className="grid gap-4">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <Input
          type="search"
          aria-label={NETWORK_TEXTS.searchLabel}
          placeholder={NETWORK_TEXTS.searchPlaceholder}
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          className="pl-9"
        />
      </div>
      {typed.kind === 'empty' ? (
        <ComingSoon />
      ) : typed.kind === 'too-short' ? (
        <p className="py-6 text-center text-sm text-slate-500">{NETWORK_TEXTS.searchTooShort}</p>
      ) : state.kind === 'search' ? (
        <SearchResults q={state.q} />
      ) : null}
    </div>
  );
}

function ComingSoon() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center">
      <Sparkles className="size-8 text-primary" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-slate-900">{NETWORK_TEXTS.comingSoon}</h2>
      <p className="max-w-sm text-sm text-slate-600">{NETWORK_TEXTS.comingSoonDescription}</p>
    </div>
  );
}

function SearchResults({ q }: { q: string }) {
  const results = useQuery<TCitizenSearchResult[]>({ queryKey: [searchPath(q)] });
  const ids = results.data?.map((person) => person.id) ?? [];
  const marks = useQuery<string[]>({ queryKey: [followingAmongPath(ids)], enabled: ids.length > 0 });
  const followed = new Set(marks.data);
  return (
    <>
      <ListState
        isPending={results.isPending}
        isError={results.isError}
        isEmpty={results.data?.length === 0}
        empty={NETWORK_TEXTS.searchEmpty}
        loading={NETWORK_TEXTS.loading}
        failed={NETWORK_TEXTS.loadFailed}
      />
      {results.data && results.data.length > 0 && (
        <ul aria-label="Search results" className="divide-y divide-slate-100">
          {results.data.map((person) => (
            <PersonRow
              key={person.id}
              person={person}
              detail={[person.occupation, person.location].filter(Boolean).join(' · ') || null}
              // No control until the marks are known: a "Follow" that turns into "Unfollow" invites a wrong click.
              actions={marks.data ? <FollowButton person={person} isFollowing={followed.has(person.id)} /> : null}
            />
          ))}
        </ul>
      )}
    </>
  );
}
