import { Button, navigateTo } from '@civic/frontend-kit';
import { Compass, Plus } from 'lucide-react';
import { PRIORITIES_PAGE_PATH } from '../../api/queries.ts';

export function DashboardHero({ onCreate }: { onCreate: () => void }) {
  return (
    <section aria-labelledby="dashboard-hero-title" className="bg-gradient-to-br from-primary via-blue-800 to-primary-dark text-white">
      <div className="mx-auto max-w-7xl px-4 py-12 text-center sm:px-6 sm:py-16 lg:px-8">
        <h1 id="dashboard-hero-title" className="text-3xl font-extrabold tracking-tight sm:text-5xl">
          Shape America's Future
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-base text-blue-100 sm:text-lg">
          Set the national agenda: create priorities, endorse the ones you believe in, and make your voice count.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button size="lg" variant="accent" onClick={onCreate} className="w-full sm:w-auto">
            <Plus className="size-5" aria-hidden="true" /> Create New Priority
          </Button>
          <Button
            size="lg"
            variant="outline"
            onClick={() => navigateTo(PRIORITIES_PAGE_PATH)}
            className="w-full border-white bg-transparent text-white hover:bg-white/10 sm:w-auto"
          >
            <Compass className="size-5" aria-hidden="true" /> Explore Issues
          </Button>
        </div>
      </div>
    </section>
  );
}
