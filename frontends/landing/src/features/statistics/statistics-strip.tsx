// Spec 2.3/9: the landing statistics are static, not read from /api/stats.
export const LANDING_STATISTICS = [
  { value: '151', label: 'Active Issues' },
  { value: '1,500+', label: 'Citizen Priorities' },
  { value: '9,000+', label: 'Active Citizens' },
  { value: '2,600+', label: 'Talking Points' },
] as const;

export function StatisticsStrip() {
  return (
    <section aria-label="Platform statistics" className="bg-primary py-14 text-white">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 text-center sm:px-6 md:grid-cols-4 lg:px-8">
        {LANDING_STATISTICS.map(({ value, label }) => (
          <div key={label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm text-blue-100 sm:text-base">{label}</dt>
            <dd className="text-3xl font-extrabold sm:text-4xl">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
