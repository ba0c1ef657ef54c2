// The network area's shared pieces (follow control, Block User / Unblock User, Blocked Users dialog),
// loaded through Module Federation when a profile shows them: the types come from that area's source
// (type-only import), so a changed export breaks this area's type check, not the page; the code comes
// from wherever the network remote is deployed. A part that fails to load leaves its place empty and
// the rest of the profile usable.
import type * as NetworkShared from '@civic/frontend-network/shared';
import { loadRemoteModule } from '@civic/frontend-kit';
import { Component, type ComponentProps, lazy, type ReactNode, Suspense } from 'react';

const loadShared = () => loadRemoteModule<typeof NetworkShared>('network', './shared');

const LazyFollowButton = lazy(async () => ({ default: (await loadShared()).FollowButton }));
const LazyBlockButton = lazy(async () => ({ default: (await loadShared()).BlockButton }));
const LazyBlockedUsersDialog = lazy(async () => ({ default: (await loadShared()).BlockedUsersDialog }));

class NetworkPartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A part of the profile from the network micro-frontend failed', error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function NetworkPart({ children }: { children: ReactNode }) {
  return (
    <NetworkPartBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </NetworkPartBoundary>
  );
}

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
