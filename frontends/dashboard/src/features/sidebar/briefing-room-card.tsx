// Latest from Briefing Room (spec 2.5: the 3 newest documents). The briefing service does not
// exist yet, so the card says where documents will appear instead of inventing any.
import { AppLink } from '@civic/frontend-kit';
import { BookOpen } from 'lucide-react';
import { SidebarCard } from './sidebar-card.tsx';

export function BriefingRoomCard() {
  return (
    <SidebarCard title="Latest from Briefing Room" icon={<BookOpen className="size-5 text-primary" aria-hidden="true" />}>
      <p className="text-sm text-slate-600">The newest research, talking points and documents will appear here.</p>
      <AppLink href="/briefing-room" className="mt-2 inline-block text-sm font-medium text-primary hover:underline">
        Visit the Briefing Room
      </AppLink>
    </SidebarCard>
  );
}
