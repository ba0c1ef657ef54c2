// Profile (spec 2.10) at /profile/{userId}; the follow control, Block User / Unblock User and the
// Blocked Users dialog come from the network area (src/remotes/network.tsx).
import { AreaRoot, KitProviders, useCurrentPath } from '@civic/frontend-kit';
import { ProfilePage } from './features/profile-page/profile-page.tsx';
import './styles.css';

/** The {userId} segment of /profile/{userId}. */
function userIdOf(pathname: string): string {
  const segment = pathname.split('/')[2] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function CurrentProfile() {
  const userId = userIdOf(useCurrentPath());
  // A new key per user resets the page's local state (open dialog etc.) when navigating between profiles.
  return <ProfilePage key={userId} userId={userId} />;
}

export default function ProfileRoot() {
  return (
    <KitProviders>
      <AreaRoot name="profile">
        <main className="flex-1 bg-slate-50">
          <CurrentProfile />
        </main>
      </AreaRoot>
    </KitProviders>
  );
}
