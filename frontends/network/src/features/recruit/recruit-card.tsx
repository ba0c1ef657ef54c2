// The recruit card: the caller's invitation link and a copy button (spec 9: +10 PC per recruit by default;
// the amount is the recruit_user_reward setting of now, issue 19).
import { Button, Input, toast, usePlatformSettings } from '@civic/frontend-kit';
import { Copy, UserPlus } from 'lucide-react';
import { useRef } from 'react';
import { SideCard } from '../network-page/side-card.tsx';
import { NETWORK_TEXTS, recruitDescription } from '../texts/network-texts.ts';
import { invitationLink } from './invitation-link.ts';

export function RecruitCard({ userId }: { userId: string }) {
  const field = useRef<HTMLInputElement>(null);
  const { recruit_user_reward: reward } = usePlatformSettings();
  const link = invitationLink(window.location.origin, userId);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: NETWORK_TEXTS.copied, description: NETWORK_TEXTS.copiedDescription, variant: 'success' });
    } catch {
      // No clipboard (an insecure origin, a refused permission): select the text for a manual copy.
      field.current?.select();
      toast({ title: NETWORK_TEXTS.copyLink, description: NETWORK_TEXTS.copyFailed });
    }
  };
  return (
    <SideCard id="network-recruit" title={NETWORK_TEXTS.recruitTitle} icon={<UserPlus className="size-5 text-accent" aria-hidden="true" />}>
      <p className="mb-3 text-sm text-slate-600">{recruitDescription(reward)}</p>
      <label htmlFor="network-invitation-link" className="mb-1 block text-sm font-medium text-slate-800">
        {NETWORK_TEXTS.invitationLabel}
      </label>
      <div className="flex gap-2">
        <Input id="network-invitation-link" ref={field} readOnly value={link} onFocus={(event) => event.target.select()} className="min-w-0 text-xs" />
        <Button variant="outline" onClick={() => void copy()} aria-label={NETWORK_TEXTS.copyLink}>
          <Copy className="size-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{NETWORK_TEXTS.copyLink}</span>
        </Button>
      </div>
    </SideCard>
  );
}
