// @civic/service-kit/testing: what tests, benchmarks and tools build with and a service never needs:
// one service as its own Fastify process (the distributed profile's shape, without a process main),
// and one service in-process for its own tests (testing/test-service.ts).
export { buildServiceProcess } from './run-service.ts';
export { buildTestService, useTestService, type TestService, type TestServiceOptions, type UserFlags } from './testing/test-service.ts';
export type { TestEvents } from './testing/recording-hub.ts';
export type { Ask, FakeRequests } from './testing/fake-requests.ts';
export type { ClientOptions, RequestOptions as ServiceRequestOptions, ServiceClient, ServiceResponse } from './testing/service-client.ts';
export { CookieJar } from './testing/cookie-jar.ts';
export { lateBound } from './testing/late-bound.ts';
export { seedPgliteCluster } from './testing/pglite-template.ts';
export { reachable } from './testing/reachable.ts';
