// @civic/service-kit/testing: what tests, benchmarks and tools build with and a service never needs:
// one service as its own Fastify process (the distributed profile's shape, without a process main).
export { buildServiceProcess } from './run-service.ts';
