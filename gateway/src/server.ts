// Process entry: start telemetry first (so its instrumentations patch what loads after), then build
// the gateway, listen, and close cleanly on signals (fastify/demo's server.ts).
import closeWithGrace from 'close-with-grace';
import { startTelemetryFromEnv, stopTelemetry } from '@civic/service-kit/telemetry';

await startTelemetryFromEnv('civic-gateway');
const { startGateway } = await import('./start-gateway.ts');
const { app, platform } = await startGateway();
closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  // /readyz answers 503 from here on, so a load balancer stops sending before the drain.
  platform.beginDraining();
  await app.close();
  await stopTelemetry();
});
await app.listen({ host: platform.config.HOST, port: platform.config.PORT });
app.log.info(`Civic Agenda (${platform.config.PROFILE}) at ${platform.config.PUBLIC_ORIGIN}`);
