// Module hooks of the VU workers: the k6 modules a script imports are the harness's (modules/*.ts).
const MODULES = { k6: 'k6.ts', 'k6/http': 'http.ts', 'k6/metrics': 'metrics.ts', 'k6/data': 'data.ts' };

export async function resolve(specifier, context, next) {
  const file = MODULES[specifier];
  if (file) return next(new URL(`./modules/${file}`, import.meta.url).href, context);
  if (specifier.startsWith('k6/') || specifier === 'k6') throw new Error(`${specifier}: not provided by the k6 test harness (k6/test-runner/README.md)`);
  return next(specifier, context);
}
