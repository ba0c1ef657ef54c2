import { cn } from '../../lib/cn.ts';
import { AppLink } from './app-link.tsx';
import { NAV_ITEMS, isActivePath } from './nav-items.ts';

interface NavLinkListProps {
  currentPath: string;
  orientation: 'horizontal' | 'vertical';
  onNavigate?: () => void;
}

/** The spec 2.2 links; the one matching the address is highlighted and marked aria-current. */
export function NavLinkList({ currentPath, orientation, onNavigate }: NavLinkListProps) {
  return (
    <ul className={cn('flex gap-1', orientation === 'vertical' && 'flex-col')}>
      {NAV_ITEMS.map((item) => {
        const active = isActivePath(currentPath, item.href);
        return (
          <li key={item.href}>
            <AppLink
              href={item.href}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              className={cn(
                'block rounded-md px-3 py-2 text-sm font-medium transition-colors',
                active ? 'bg-primary/10 text-primary' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
              )}
            >
              {item.label}
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}
