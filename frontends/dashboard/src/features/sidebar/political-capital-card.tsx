// Political Capital Activity (spec 2.5, 9): the balance, the 3 latest transactions from the ledger
// (newest first, as GET /api/political-capital/transactions answers them) and the ways to earn PC
// with spec 9's rewards; the daily and recruit amounts are the platform settings of now (issue 19).
import type { TPoliticalCapitalTransaction } from '@civic/contracts/ledger/http';
import { ageText, type CitizenSettings, formatPoliticalCapital, TRANSACTIONS_QUERY_KEY, useAuth, usePlatformSettings } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { TRANSACTIONS_SHOWN } from '../../api/queries.ts';
import { SidebarCard } from './sidebar-card.tsx';

/**
 * spec 9 "Rewards (display text)". The daily login bonus and the recruit reward are platform settings
 * (daily_login_bonus, recruit_user_reward; spec 9's 1 and 10 while they load); the creation rewards are fixed.
 */
export function waysToEarn(settings: Pick<CitizenSettings, 'daily_login_bonus' | 'recruit_user_reward'>) {
  return [
    { action: 'Create a priority', reward: '+5 PC' },
    { action: 'Create a briefing document', reward: '+2 PC' },
    { action: 'Daily login', reward: `+${formatPoliticalCapital(settings.daily_login_bonus)}` },
    { action: 'Recruit a citizen', reward: `+${formatPoliticalCapital(settings.recruit_user_reward)}` },
  ];
}

/** "+5" for a credit, "-50" for a debit. */
export function signedAmount(amount: number): string {
  return amount > 0 ? `+${formatPoliticalCapital(amount)}` : `-${formatPoliticalCapital(-amount)}`;
}

function Transactions() {
  const transactions = useQuery<TPoliticalCapitalTransaction[]>({ queryKey: TRANSACTIONS_QUERY_KEY });
  if (transactions.isPending) {
    return (
      <p role="status" className="mt-1 text-sm text-slate-500">
        Loading transactions...
      </p>
    );
  }
  if (transactions.isError) return <p className="mt-1 text-sm text-slate-500">Transactions could not be loaded.</p>;
  if (transactions.data.length === 0) return <p className="mt-1 text-sm text-slate-500">No transactions yet.</p>;
  return (
    <ul aria-label="Latest transactions" className="mt-2 grid gap-2">
      {transactions.data.slice(0, TRANSACTIONS_SHOWN).map((transaction) => (
        <li key={transaction.id} className="flex items-start justify-between gap-2 text-sm">
          <div className="min-w-0">
            <p className="break-words text-slate-800">{transaction.description}</p>
            <p className="text-xs text-slate-500">{ageText(transaction.createdAt)}</p>
          </div>
          <span className={transaction.amount > 0 ? 'font-semibold text-green-700' : 'font-semibold text-red-700'}>{signedAmount(transaction.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

export function PoliticalCapitalCard() {
  const { user } = useAuth();
  const settings = usePlatformSettings();
  return (
    <SidebarCard title="Political Capital Activity" icon={<Coins className="size-5 text-accent" aria-hidden="true" />}>
      <p className="text-sm text-slate-700">
        Balance: <span className="font-semibold text-slate-900">{formatPoliticalCapital(user?.politicalCapital)}</span>
      </p>
      <Transactions />
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Ways to earn PC</h3>
      <ul className="mt-2 grid gap-1.5 text-sm">
        {waysToEarn(settings).map(({ action, reward }) => (
          <li key={action} className="flex justify-between gap-2">
            <span className="text-slate-700">{action}</span>
            <span className="font-semibold text-green-700">{reward}</span>
          </li>
        ))}
      </ul>
    </SidebarCard>
  );
}
