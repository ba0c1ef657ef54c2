// Process entry of the account service (distributed profile): telemetry first, then the service.
import closeWithGrace from 'close-with-grace';
import { startTelemetryFromEnv, stopTelemetry } from '@civic/service-kit/telemetry';

await startTelemetryFromEnv('civic-account');
const { buildServiceProcess } = await import('@civic/service-kit/run-service');
const { accountService } = await import('./app.ts');
const { app, platform } = await buildServiceProcess(accountService);
closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await app.close();
  await stopTelemetry();
});
await app.listen({ host: platform.config.HOST, port: platform.config.PORT });
