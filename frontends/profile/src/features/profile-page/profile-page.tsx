import type { TProfile } from '@civic/contracts';
import { ApiError, Button, Card, formatPoliticalCapital, useAuth, type CurrentUser } from '@civic/frontend-kit';
import { PROFILE_MESSAGES } from '@civic/contracts/account/messages';
import { useQuery } from '@tanstack/react-query';
import { Briefcase, Calendar, Globe, Lock, MapPin, Pencil, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { profilePath } from '../../api/profile-path.ts';
import { EditProfileDialog } from '../edit-profile/edit-profile-dialog.tsx';
import { RecentActivity } from '../recent-activity/recent-activity.tsx';
import { BlockButton, BlockedUsersDialog, FollowButton } from '../../remotes/network.tsx';
import { ProfileAvatar } from './default-avatar.tsx';
import { ageFrom, blockNoticeOf, connectLinksOf, fullNameOf } from './profile-display.ts';

type FullProfile = Extract<TProfile, { isPrivate: false }>;
type PrivateProfileData = Extract<TProfile, { isPrivate: true }>;

function isMissing(error: unknown): boolean {
  // An id that is no user (or no valid id at all) is answered 404 (or 400).
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function ProfilePage({ userId }: { userId: string }) {
  const { user } = useAuth();
  const profile = useQuery<TProfile>({ queryKey: [profilePath(userId)] });

  if (profile.isPending) {
    return (
      <p role="status" className="mx-auto max-w-4xl px-4 py-16 text-center text-slate-600">
        Loading profile...
      </p>
    );
  }
  if (profile.isError) {
    return (
      <section className="mx-auto max-w-4xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{isMissing(profile.error) ? PROFILE_MESSAGES.userNotFound : 'The profile could not be loaded'}</h1>
      </section>
    );
  }
  const data = profile.data;
  const isOwn = user?.id === data.id;
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6">
      {data.isPrivate ? <PrivateProfile profile={data} isOwn={isOwn} /> : <FullProfileView profile={data} owner={isOwn ? user : null} />}
    </div>
  );
}

function PrivateProfile({ profile, isOwn }: { profile: PrivateProfileData; isOwn: boolean }) {
  const name = fullNameOf(profile);
  const notice = blockNoticeOf(profile);
  return (
    <Card className="flex flex-col items-center gap-4 p-8 text-center">
      <ProfileAvatar url={profile.profileImageUrl} name={name} />
      <h1 className="text-2xl font-bold text-slate-900">{name}</h1>
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Lock className="size-4" aria-hidden="true" /> This profile is private.
      </p>
      {notice && <BlockNotice text={notice} />}
      {!isOwn && <RelationControls profile={profile} />}
    </Card>
  );
}

/** Spec 2.10: the follow control (not while a block stands either way) and Block User / Unblock User. */
function RelationControls({ profile }: { profile: FullProfile | PrivateProfileData }) {
  const person = { id: profile.id, firstName: profile.firstName, lastName: profile.lastName };
  return (
    <div className="flex flex-wrap gap-2">
      {!profile.isBlocked && !profile.isBlockedBy && <FollowButton person={person} isFollowing={profile.isFollowing} size="md" />}
      <BlockButton person={person} isBlocked={profile.isBlocked} />
    </div>
  );
}

function BlockNotice({ text }: { text: string }) {
  return (
    <p role="note" className="flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <ShieldAlert className="size-4 shrink-0" aria-hidden="true" /> {text}
    </p>
  );
}

function FullProfileView({ profile, owner }: { profile: FullProfile; owner: CurrentUser | null }) {
  const [editing, setEditing] = useState(false);
  const name = fullNameOf(profile);
  const age = ageFrom(profile.birthYear);
  const links = connectLinksOf(profile);
  const notice = blockNoticeOf(profile);
  return (
    <>
      <Card className="overflow-hidden">
        <div className="h-24 bg-gradient-to-r from-primary to-blue-800" />
        <div className="flex flex-col gap-4 px-6 pb-6 sm:flex-row sm:items-end">
          <div className="-mt-14">
            <ProfileAvatar url={profile.profileImageUrl} name={name} />
          </div>
          <div className="flex-1">
            <h1 className="text-2xl font-bold text-slate-900">{name}</h1>
            <ul aria-label="About" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
              {profile.location && (
                <li className="flex items-center gap-1">
                  <MapPin className="size-4" aria-hidden="true" /> {profile.location}
                </li>
              )}
              {age !== null && (
                <li className="flex items-center gap-1">
                  <Calendar className="size-4" aria-hidden="true" /> {`${age} years old`}
                </li>
              )}
              {profile.occupation && (
                <li className="flex items-center gap-1">
                  <Briefcase className="size-4" aria-hidden="true" /> {profile.occupation}
                </li>
              )}
            </ul>
          </div>
          {owner ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setEditing(true)}>
                <Pencil className="size-4" aria-hidden="true" /> Edit Profile
              </Button>
              <BlockedUsersDialog />
            </div>
          ) : (
            <RelationControls profile={profile} />
          )}
        </div>
        {/* One's own counts from the current user (they change at once after a follow); others' from the profile. */}
        <dl aria-label="Statistics" className="grid grid-cols-3 border-t border-slate-200 text-center">
          <Stat label="Political Capital" value={formatPoliticalCapital((owner ?? profile).politicalCapital)} />
          <Stat label="Followers" value={(owner ?? profile).followers.toLocaleString('en-US')} />
          <Stat label="Following" value={(owner ?? profile).following.toLocaleString('en-US')} />
        </dl>
      </Card>
      {notice && <BlockNotice text={notice} />}

      <div className="grid gap-6 md:grid-cols-2">
        <Card className="p-6">
          <h2 className="text-lg font-semibold text-slate-900">About</h2>
          <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{profile.bio || 'No bio yet.'}</p>
        </Card>
        {links.length > 0 && (
          <Card className="p-6">
            <h2 className="text-lg font-semibold text-slate-900">Connect</h2>
            <ul className="mt-2 grid gap-2 text-sm">
              {links.map((link) => (
                <li key={link.label} className="flex items-center gap-2">
                  <Globe className="size-4 text-slate-500" aria-hidden="true" />
                  <span className="font-medium text-slate-800">{link.label}:</span>
                  <a href={link.href} target="_blank" rel="noopener noreferrer" className="truncate text-primary hover:underline">
                    {link.text}
                  </a>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>

      <RecentActivity userId={profile.id} />

      {owner && editing && <EditProfileDialog profile={profile} onClose={() => setEditing(false)} />}
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col-reverse px-2 py-4">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
