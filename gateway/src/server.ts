// Process entry: build the gateway, listen, close cleanly on signals (fastify/demo's server.ts).
import closeWithGrace from 'close-with-grace';
import { startGateway } from './start-gateway.ts';

const { app, platform } = await startGateway();
closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await app.close();
});
await app.listen({ host: platform.config.HOST, port: platform.config.PORT });
app.log.info(`Civic Agenda (${platform.config.PROFILE}) at ${platform.config.PUBLIC_ORIGIN}`);
