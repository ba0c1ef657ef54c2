// The caller's blocked citizens (GET /api/users/blocked), each with View Profile and Unblock: the
// Network page's ?tab=blocked view and the profile's Blocked Users dialog (spec 2.9, 2.10), 50 at a time.
import type { TBlockedUser } from '@civic/contracts/social/network';
import { AppLink, Button } from '@civic/frontend-kit';
import { BLOCKED_PATH } from '../../api/network-paths.ts';
import { useListPages } from '../people/list-pages.ts';
import { LoadMore } from '../people/load-more.tsx';
import { ListState, PersonRow } from '../people/person-row.tsx';
import { BLOCK_TEXTS, NETWORK_TEXTS } from '../texts/network-texts.ts';
import { BlockButton } from './block-button.tsx';

export function BlockedUsersList({ onNavigate }: { onNavigate?: () => void }) {
  const blocked = useListPages<TBlockedUser>(BLOCKED_PATH);
  return (
    <>
      <ListState
        isPending={blocked.isPending}
        isError={blocked.isError}
        isEmpty={blocked.items?.length === 0}
        empty={NETWORK_TEXTS.noBlocked}
        loading={NETWORK_TEXTS.loading}
        failed={NETWORK_TEXTS.loadFailed}
      />
      {blocked.items && blocked.items.length > 0 && (
        <ul aria-label={BLOCK_TEXTS.dialogTitle} className="divide-y divide-slate-100">
          {blocked.items.map((person) => (
            <PersonRow
              key={person.id}
              person={person}
              actions={
                <>
                  <Button asChild size="sm" variant="outline">
                    <AppLink href={`/profile/${encodeURIComponent(person.id)}`} onClick={onNavigate}>
                      {BLOCK_TEXTS.viewProfile}
                    </AppLink>
                  </Button>
                  <BlockButton person={person} isBlocked short size="sm" />
                </>
              }
            />
          ))}
        </ul>
      )}
      <LoadMore hasMore={blocked.hasNextPage} loading={blocked.isFetchingNextPage} onLoad={() => void blocked.fetchNextPage()} />
    </>
  );
}
