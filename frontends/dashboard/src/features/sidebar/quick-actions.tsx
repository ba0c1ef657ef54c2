// Quick Actions (spec 2.5): create a priority or submit a talking point here (the priorities and
// briefing areas' dialogs); citizens live on their own page.
import { Button, navigateTo } from '@civic/frontend-kit';
import { FileText, Plus, UserPlus, Zap } from 'lucide-react';
import { SidebarCard } from './sidebar-card.tsx';

export function QuickActions({ onCreate, onContribute }: { onCreate: () => void; onContribute: () => void }) {
  return (
    <SidebarCard title="Quick Actions" icon={<Zap className="size-5 text-accent" aria-hidden="true" />}>
      <div className="grid gap-2">
        <Button onClick={onCreate} className="justify-start">
          <Plus className="size-4" aria-hidden="true" /> Create Priority
        </Button>
        <Button variant="outline" onClick={onContribute} className="justify-start">
          <FileText className="size-4" aria-hidden="true" /> Submit Talking Point
        </Button>
        <Button variant="outline" onClick={() => navigateTo('/network')} className="justify-start">
          <UserPlus className="size-4" aria-hidden="true" /> Find Citizens
        </Button>
      </div>
    </SidebarCard>
  );
}
