// What other areas reuse from the network area, exposed through Module Federation as
// "civic_network/shared": the profile's follow control, Block User / Unblock User and the Blocked
// Users dialog (spec 2.10). Consumers import its types only (a typed wrapper) and load it at run
// time, so this area deploys on its own. Each piece renders inside this area's root, so this area's
// stylesheet styles it wherever it is shown.
import { AreaRoot } from '@civic/frontend-kit';
import { BlockButton as Block, type BlockButtonProps } from './features/block/block-button.tsx';
import { BlockedUsersDialog as Blocked } from './features/block/blocked-users-dialog.tsx';
import { FollowButton as Follow, type FollowButtonProps } from './features/follow/follow-button.tsx';
import './styles.css';

const AREA = 'network';

export type { BlockButtonProps, FollowButtonProps };

export function FollowButton(props: FollowButtonProps) {
  return (
    <AreaRoot name={AREA}>
      <Follow {...props} />
    </AreaRoot>
  );
}

export function BlockButton(props: BlockButtonProps) {
  return (
    <AreaRoot name={AREA}>
      <Block {...props} />
    </AreaRoot>
  );
}

export function BlockedUsersDialog() {
  return (
    <AreaRoot name={AREA}>
      <Blocked />
    </AreaRoot>
  );
}
