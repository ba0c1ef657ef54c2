import { Card } from '@civic/frontend-kit';
import { LANDING_FEATURES } from './feature-list.ts';

export function FeatureCards({ id }: { id: string }) {
  return (
    <section id={id} aria-labelledby="features-title" className="scroll-mt-16 bg-slate-50 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="features-title" className="text-center text-3xl font-bold text-slate-900 sm:text-4xl">
          How Civic Agenda works
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-600">The tools citizens need to turn opinions into a shared national agenda.</p>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {LANDING_FEATURES.map(({ title, description, icon: Icon }) => (
            <li key={title}>
              <Card className="h-full p-6">
                <span className="flex size-12 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-600">{description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
