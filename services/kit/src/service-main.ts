// The process entry of one service (distributed profile): telemetry first, so its instrumentations
// patch what loads after; then the service (imported only now), listen, close cleanly on signals.
import closeWithGrace from 'close-with-grace';
import type { ServiceDefinition } from './service.ts';
import { startTelemetryFromEnv, stopTelemetry } from './telemetry.ts';

export async function runServiceMain(name: string, loadService: () => Promise<ServiceDefinition>): Promise<void> {
  await startTelemetryFromEnv(`civic-${name}`);
  const { buildServiceProcess } = await import('./run-service.ts');
  const { app, platform } = await buildServiceProcess(await loadService());
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    // /readyz answers 503 from here on, so a load balancer stops sending before the drain.
    platform.beginDraining();
    await app.close();
    await stopTelemetry();
  });
  await app.listen({ host: platform.config.HOST, port: platform.config.PORT });
}
