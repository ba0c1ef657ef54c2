// The caller's blocked citizens (GET /api/users/blocked), each with View Profile and Unblock: the
// Network page's ?tab=blocked view and the profile's Blocked Users dialog (spec 2.9, 2.10).
import type { TBlockedUser } from '@civic/contracts/http/network';
import { AppLink, Button } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { BLOCKED_PATH } from '../../api/network-paths.ts';
import { ListState, PersonRow } from '../people/person-row.tsx';
import { BLOCK_TEXTS, NETWORK_TEXTS } from '../texts/network-texts.ts';
import { BlockButton } from './block-button.tsx';

export function BlockedUsersList({ onNavigate }: { onNavigate?: () => void }) {
  const blocked = useQuery<TBlockedUser[]>({ queryKey: [BLOCKED_PATH] });
  return (
    <>
      <ListState
        isPending={blocked.isPending}
        isError={blocked.isError}
        isEmpty={blocked.data?.length === 0}
        empty={NETWORK_TEXTS.noBlocked}
        loading={NETWORK_TEXTS.loading}
        failed={NETWORK_TEXTS.loadFailed}
      />
      {blocked.data && blocked.data.length > 0 && (
        <ul aria-label={BLOCK_TEXTS.dialogTitle} className="divide-y divide-slate-100">
          {blocked.data.map((person) => (
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
    </>
  );
}
