// The network area's shared pieces (follow control, Block User / Unblock User, Blocked Users dialog),
// loaded through Module Federation when a profile shows them: the types come from that area's source
// (type-only import), so a changed export breaks this area's type check, not the page; the code comes
// from wherever the network remote is deployed. A part that fails to load leaves its place empty and
// the rest of the profile usable.
import type * as NetworkShared from '@civic/frontend-network/shared';
import { loadRemoteModule, RemotePart } from '@civic/frontend-kit';
import { type ComponentProps, lazy, type ReactNode } from 'react';

const loadShared = () => loadRemoteModule<typeof NetworkShared>('network', './shared');

const LazyFollowButton = lazy(async () => ({ default: (await loadShared()).FollowButton }));
const LazyBlockButton = lazy(async () => ({ default: (await loadShared()).BlockButton }));
const LazyBlockedUsersDialog = lazy(async () => ({ default: (await loadShared()).BlockedUsersDialog }));

const NetworkPart = ({ children }: { children: ReactNode }) => <RemotePart from="network">{children}</RemotePart>;

export function FollowButton(props: ComponentProps<typeof NetworkShared.FollowButton>) {
  return (
    <NetworkPart>
      <LazyFollowButton {...props} />
    </NetworkPart>
  );
}

export function BlockButton(props: ComponentProps<typeof NetworkShared.BlockButton>) {
  return (
    <NetworkPart>
      <LazyBlockButton {...props} />
    </NetworkPart>
  );
}

export function BlockedUsersDialog() {
  return (
    <NetworkPart>
      <LazyBlockedUsersDialog />
    </NetworkPart>
  );
}
