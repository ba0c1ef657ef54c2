// Political Capital Activity (spec 2.5): the latest transactions, when the ledger exists (not yet:
// nothing is invented), and the ways to earn PC with spec 9's rewards.
import { formatPoliticalCapital, useAuth } from '@civic/frontend-kit';
import { Coins } from 'lucide-react';
import { SidebarCard } from './sidebar-card.tsx';

/** spec 9 "Rewards (display text)". */
export const WAYS_TO_EARN = [
  { action: 'Create a priority', reward: '+5 PC' },
  { action: 'Create a briefing document', reward: '+2 PC' },
  { action: 'Daily login', reward: '+1 PC' },
  { action: 'Recruit a citizen', reward: '+10 PC' },
] as const;

export function PoliticalCapitalCard() {
  const { user } = useAuth();
  return (
    <SidebarCard title="Political Capital Activity" icon={<Coins className="size-5 text-accent" aria-hidden="true" />}>
      <p className="text-sm text-slate-700">
        Balance: <span className="font-semibold text-slate-900">{formatPoliticalCapital(user?.politicalCapital)}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">Your latest transactions will appear here.</p>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Ways to earn PC</h3>
      <ul className="mt-2 grid gap-1.5 text-sm">
        {WAYS_TO_EARN.map(({ action, reward }) => (
          <li key={action} className="flex justify-between gap-2">
            <span className="text-slate-700">{action}</span>
            <span className="font-semibold text-green-700">{reward}</span>
          </li>
        ))}
      </ul>
    </SidebarCard>
  );
}
