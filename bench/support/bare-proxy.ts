// The floor of any Node gateway on bench/gateway-cpu.ts's read: what Node's HTTP server and undici
// cost to proxy one request on this machine, and nothing else. A node:http server, one keep-alive
// undici Pool read with dispatch callbacks (as gateway/src/plugins/forward-request.ts reads it),
// the answer written back as one buffer, and an identity token for the user the load generator names
// in `x-bench-user` (signed once per user and reused, as the gateway does) in place of the session
// lookup. No Fastify, no Redis, no rate limit, CSRF, headers, logs or metrics: not a gateway, only
// the measure of what every gateway built on Node pays per request before doing any of its work.
//
//   PORT  UPSTREAM_URL  UPSTREAM_AUDIENCE  IDENTITY_SIGNING_KEY
import http from 'node:http';
import { createIdentitySigner, IDENTITY_HEADER } from '@civic/service-kit';
import { type Dispatcher, Pool } from 'undici';

const required = (name: string) => process.env[name] ?? (console.error(`${name} is required`), process.exit(2));
const upstream = new Pool(required('UPSTREAM_URL'), { connections: 128, pipelining: 1, keepAliveTimeout: 60_000 });
const audience = required('UPSTREAM_AUDIENCE');
const sign = createIdentitySigner(required('IDENTITY_SIGNING_KEY'));

const server = http.createServer((request, response) => {
  if (request.url === '/healthz') return void response.end('{"status":"ok"}');
  const userId = String(request.headers['x-bench-user'] ?? '') || null;
  const headers = {
    accept: 'application/json',
    [IDENTITY_HEADER]: sign({ userId, isAdmin: false, isBanned: false, ip: request.socket.remoteAddress ?? '' }, audience),
  };
  const chunks: Buffer[] = [];
  let status = 0;
  let answerHeaders: Record<string, string | string[] | undefined> = {};
  const handler: Dispatcher.DispatchHandler = {
    onConnect: () => {},
    onError: (error) => {
      response.statusCode = 502;
      response.end(String(error));
    },
    onHeaders: (statusCode, rawHeaders) => {
      status = statusCode;
      answerHeaders = {};
      for (let i = 0; i < rawHeaders.length; i += 2) answerHeaders[rawHeaders[i]!.toString().toLowerCase()] = rawHeaders[i + 1]!.toString();
      return true;
    },
    onData: (chunk) => (chunks.push(chunk), true),
    onComplete: () => {
      const body = Buffer.concat(chunks);
      response.writeHead(status, { 'content-type': answerHeaders['content-type'] ?? 'application/json', 'content-length': body.length });
      response.end(body);
    },
  };
  upstream.dispatch({ path: request.url ?? '/', method: 'GET', headers }, handler);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(required('PORT')), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => void upstream.close().then(() => process.exit(0))));
