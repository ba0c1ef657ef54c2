// Async boundary: Module Federation must negotiate shared singletons (react, the kit, ...)
// before any of them is imported, so the real start-up lives in bootstrap.ts.
import('./bootstrap.ts').catch((error: unknown) => {
  console.error('Civic Agenda failed to start', error);
});
