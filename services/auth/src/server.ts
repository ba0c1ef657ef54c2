// Process entry of the auth service (distributed profile).
import closeWithGrace from 'close-with-grace';
import { buildServiceProcess } from '@civic/service-kit/run-service';
import { authService } from './app.ts';

const { app, platform } = await buildServiceProcess(authService);
closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await app.close();
});
await app.listen({ host: platform.config.HOST, port: platform.config.PORT });
