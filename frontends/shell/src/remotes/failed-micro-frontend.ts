// A micro-frontend that cannot load (its server is down, or it was built against a kit this page
// does not have) shows the error notice in its place, and the reason goes to the console.
import { createMicroFrontendLifecycles, MicroFrontendError, type MicroFrontendLifecycles } from '@civic/frontend-kit';

export function failedMicroFrontend(name: string, reason: unknown): MicroFrontendLifecycles {
  console.error(`Micro-frontend "${name}" could not be loaded`, reason);
  return createMicroFrontendLifecycles(async () => ({ default: MicroFrontendError }));
}
