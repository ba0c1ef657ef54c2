// Footer of the signed-in chrome and of the landing page (same link groups; the tagline differs).
import { Landmark } from 'lucide-react';
import type { MouseEvent } from 'react';
import { FOOTER_LINK_GROUPS, FOOTER_YEAR } from './footer-links.ts';

// Placeholder links must not move the address (and so not re-route).
const stayOnPage = (event: MouseEvent<HTMLAnchorElement>) => event.preventDefault();

export function SiteFooter({ tagline }: { tagline: string }) {
  return (
    <footer className="border-t border-slate-800 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <Landmark className="size-5" aria-hidden="true" /> Civic Agenda
          </p>
          <p className="mt-3 text-sm">{tagline}</p>
        </div>
        {FOOTER_LINK_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{group.title}</h2>
            <ul className="mt-3 grid gap-2 text-sm">
              {group.links.map((label) => (
                <li key={label}>
                  {/* biome-ignore lint/a11y/useValidAnchor: spec 2.2 and 2.3 make these placeholder links, so they are links that go nowhere yet */}
                  <a href="#" onClick={stayOnPage} className="hover:text-white hover:underline">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800 py-6 text-center text-sm">&copy; {FOOTER_YEAR} Civic Agenda. All rights reserved.</div>
    </footer>
  );
}
