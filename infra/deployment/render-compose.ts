// docker-compose.yml, rendered from the roster: the servers (PostgreSQL, NATS, Redis), the setup job
// with every service's database passwords, a container per service with its own users and pool, the
// gateway forwarding to each, and the observability block (`npm run generate` writes it;
// test/generated-files.test.ts fails when it is stale).
import type { ServiceEntry } from '@civic/roster';
import { databaseRolesFor } from '../postgres-roles.ts';

/** Replicas of every service the budget allows for (`docker-compose up --scale <service>=2`; the comment says two). */
export const REPLICAS = 2;
/** superuser_reserved_connections (3), the setup job (1), operators' psql, backups, migrations (20). */
export const ADMINISTRATOR_CONNECTIONS = 24;
const DATABASE_PREFIX = 'civic_';

/** Connections of one service's replicas: its pool and its owner's at start. */
export function serviceConnections(pool: number): number {
  return REPLICAS * (pool + 1);
}

/** What the services and the administrators need together. */
export function connectionTotal(services: readonly ServiceEntry[]): number {
  return ADMINISTRATOR_CONNECTIONS + services.reduce((sum, service) => sum + serviceConnections(service.pool), 0);
}

/** PostgreSQL's max_connections: the total rounded up to the next ten, so some room is always left. */
export function maxConnections(services: readonly ServiceEntry[]): number {
  return Math.floor(connectionTotal(services) / 10) * 10 + 10;
}

const required = (name: string) => `\${${name}:?set ${name}}`;

/** The budget comment above `postgres`: the services grouped by pool size, then the sum. */
function connectionBudget(services: readonly ServiceEntry[]): string {
  const pools = [...new Set(services.map((s) => s.pool))].sort((a, b) => b - a);
  const rows = pools.map((pool) => {
    const names = services.filter((s) => s.pool === pool).map((s) => s.name);
    return [`${names.join(', ')}:`, `${names.length} x (${pool} + 1) x ${REPLICAS} replicas`, names.length * serviceConnections(pool)] as const;
  });
  const total = connectionTotal(services);
  const width = Math.max(...rows.map(([label]) => label.length));
  const texts = [...rows.map(([label, sum]) => `${label.padEnd(width)} ${sum}`), 'gateway: 0 (it opens no database)', 'migrations) 20'];
  const column = Math.max(...texts.map((text) => text.length));
  const row = (text: string, count: number) => `  #   ${text.padEnd(column)} = ${String(count).padStart(3)}`;
  return [
    ...rows.map(([, , count], i) => row(texts[i]!, count)),
    row(texts[rows.length]!, 0),
    '  #   administrators: superuser_reserved_connections 3, the setup job 1, operators (psql, backup,',
    row(texts[rows.length + 1]!, ADMINISTRATOR_CONNECTIONS),
    `  #${' '.repeat(column - 2)}total = ${total} <= max_connections ${maxConnections(services)}`,
  ].join('\n');
}

function databasePasswords(service: ServiceEntry): string {
  const upper = service.name.toUpperCase();
  return [`DATABASE_OWNER_PASSWORD_${upper}`, `DATABASE_PASSWORD_${upper}`].map((key) => `      ${key}: ${required(key)}`).join('\n');
}

function serviceContainer(service: ServiceEntry): string {
  const upper = service.name.toUpperCase();
  const roles = databaseRolesFor(DATABASE_PREFIX, service.name);
  const secrets = (service.secrets ?? []).map((key) => `\n      ${key}: ${required(key)}`).join('');
  return `  ${service.name}:
    <<: *node-service
    build:
      context: .
      target: ${service.name}
      args: *build-args
    image: civic-agenda/${service.name}:\${CIVIC_VERSION:-0.0.0-dev}
    environment:
      <<: *distributed-env
      PORT: "${service.port}"
      DATABASE_URL: postgresql://${roles.runtime}:${required(`DATABASE_PASSWORD_${upper}`)}@postgres:5432/postgres
      DATABASE_OWNER_URL: postgresql://${roles.owner}:${required(`DATABASE_OWNER_PASSWORD_${upper}`)}@postgres:5432/postgres
      DATABASE_POOL_SIZE: "${service.pool}"
      NATS_USER: ${service.name}
      NATS_PASSWORD: ${required(`NATS_PASSWORD_${upper}`)}
      REDIS_URL: redis://${service.name}:${required(`REDIS_PASSWORD_${upper}`)}@redis:6379${secrets}
`;
}

export function renderCompose(services: readonly ServiceEntry[]): string {
  return `# Generated from the roster (@civic/roster) by \`npm run generate\` (infra/deployment/render-compose.ts); do not edit.
# The distributed deployment: PostgreSQL, NATS JetStream, Redis, one container per service and the
# gateway, each built from the Dockerfile's target of the same name (\`npm run images:build\`, then
# \`docker-compose up -d\`). Locally, without a Docker engine, \`npm run start:distributed\` runs the same
# processes.
# Secrets come from the environment or the .env file beside this one (every variable: .env.example),
# never from this file.
# Inside the network every process is someone (issue 14 item 4; README "Users inside the network"):
# each service logs in to PostgreSQL as its own runtime role (its owner role migrates), to NATS as its
# own user and to Redis as its own ACL user; no service uses the PostgreSQL superuser, which only the
# \`setup\` job does. \`npm run start:distributed\` generates every password into data/distributed.env
# (usable as .env here), and \`npm run setup:distributed -- --write-server-auth data\` writes the NATS
# authorization and the Redis users from them (data/nats-auth.conf, data/redis-users.acl) before the
# servers start.
# test/deployment.test.ts checks this file against each process's configuration schema.
version: "3.8"

x-build-args: &build-args
  # org.opencontainers.image.version of every image: the root package.json's version
  # (scripts/build-images.sh sets it).
  VERSION: \${CIVIC_VERSION:-0.0.0-dev}

x-node-service: &node-service
  restart: unless-stopped
  # The process drains on SIGTERM: /readyz answers 503, then it closes its server and connections,
  # and is ended 10 s after the signal whatever remains (close-with-grace's delay in
  # services/kit/src/service-main.ts and gateway/src/server.ts); Docker waits a little longer
  # before SIGKILL.
  stop_grace_period: 15s
  depends_on:
    postgres:
      condition: service_healthy
    nats:
      condition: service_healthy
    redis:
      condition: service_healthy
    setup:
      condition: service_completed_successfully
  # /readyz: PostgreSQL, NATS and Redis reachable, migrations applied, consumers running, not draining
  # (services/kit/src/health/readiness.ts); /healthz is the liveness answer.
  healthcheck:
    test: ["CMD", "node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
    interval: 10s
    timeout: 5s
    retries: 3
    start_period: 60s

x-distributed-env: &distributed-env
  PROFILE: distributed
  HOST: 0.0.0.0
  NATS_URL: nats://nats:4222
  # Every process checks identity tokens with the gateway's public keys; only the gateway gets the
  # private ones (IDENTITY_SIGNING_KEY, below), so no service can sign an identity (SECURITY 33).
  IDENTITY_PUBLIC_KEY: \${IDENTITY_PUBLIC_KEY:?set IDENTITY_PUBLIC_KEY}
  CSRF_SECRET: \${CSRF_SECRET:?set CSRF_SECRET}
  PUBLIC_ORIGIN: \${PUBLIC_ORIGIN:-http://localhost:3000}
  MAIL_TRANSPORT: smtp
  SMTP_URL: \${SMTP_URL:?set SMTP_URL}
  ADMIN_EMAILS: \${ADMIN_EMAILS:-}
  # Observability (the block at the end of services): traces over OTLP to the collector; metrics at
  # /metrics on METRICS_PORT inside the network only (never published), scraped by Prometheus.
  OTEL_EXPORTER_OTLP_ENDPOINT: http://otel-collector:4318
  METRICS_PORT: "9464"
  METRICS_HOST: 0.0.0.0

services:
  # Connection budget, two replicas of every service (\`docker-compose up --scale <service>=${REPLICAS}\`):
  # each process opens one pool of DATABASE_POOL_SIZE and, at start only,
  # one connection of its owner role that migrates.
${connectionBudget(services)}
  # test/deployment.test.ts recomputes this from the pool sizes below.
  postgres:
    image: postgres:15
    command: ["postgres", "-c", "max_connections=${maxConnections(services)}"]
    restart: unless-stopped
    # The image stops on SIGINT (a fast shutdown: transactions rolled back, a checkpoint written).
    stop_grace_period: 60s
    environment:
      POSTGRES_USER: civic
      POSTGRES_PASSWORD: \${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}
    volumes:
      - postgres-data:/var/lib/postgresql/data
      - ./infra/postgres/init.sql:/docker-entrypoint-initdb.d/init.sql:ro
    healthcheck:
      test: ["CMD", "pg_isready", "-U", "civic"]
      interval: 5s
      timeout: 4s
      retries: 10

  nats:
    # -alpine: the healthcheck needs a shell tool (wget) that the scratch image lacks.
    image: nats:2.10-alpine
    command: ["-c", "/etc/nats/nats-server.conf"]
    restart: unless-stopped
    # JetStream writes are synced before they are acknowledged; the time is for closing clients.
    stop_grace_period: 30s
    volumes:
      - ./infra/nats/nats-server.conf:/etc/nats/nats-server.conf:ro
      - ./infra/nats/jetstream.conf:/etc/nats/jetstream.conf:ro
      - ./data/nats-auth.conf:/etc/nats/nats-auth.conf:ro
      - nats-data:/data/jetstream
    healthcheck:
      # The monitoring port (http_port in nats-server.conf), inside the container only.
      test: ["CMD", "wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8222/healthz?js-enabled-only=true"]
      interval: 5s
      timeout: 4s
      retries: 10

  redis:
    image: redis:7
    # The default user is off (redis-users.acl): a client without a password gets NOAUTH.
    command: ["redis-server", "--appendonly", "yes", "--aclfile", "/etc/redis/users.acl"]
    restart: unless-stopped
    # SIGTERM: Redis syncs its append-only file before it exits.
    stop_grace_period: 30s
    volumes:
      - ./data/redis-users.acl:/etc/redis/users.acl:ro
      - redis-data:/data
    healthcheck:
      test: ["CMD-SHELL", "redis-cli ping | grep -qE 'PONG|NOAUTH'"]
      interval: 5s
      timeout: 4s
      retries: 10

  # As the administrators, once per \`up\`: the roles and databases, and the streams (a service may create
  # only its own). A job, not a server: it is not restarted, and the services wait for it to succeed.
  setup:
    build:
      context: .
      target: setup
      args: *build-args
    image: civic-agenda/setup:\${CIVIC_VERSION:-0.0.0-dev}
    restart: "no"
    stop_grace_period: 15s
    depends_on:
      postgres:
        condition: service_healthy
      nats:
        condition: service_healthy
    healthcheck:
      disable: true
    environment:
      <<: *distributed-env
      DATABASE_URL: postgresql://civic:\${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}@postgres:5432/postgres
      NATS_USER: operator
      NATS_PASSWORD: \${NATS_PASSWORD_OPERATOR:?set NATS_PASSWORD_OPERATOR}
      REDIS_URL: redis://operator:\${REDIS_PASSWORD_OPERATOR:?set REDIS_PASSWORD_OPERATOR}@redis:6379
${services.map(databasePasswords).join('\n')}

${services.map(serviceContainer).join('\n')}
  gateway:
    <<: *node-service
    build:
      context: .
      target: gateway
      args: *build-args
    image: civic-agenda/gateway:\${CIVIC_VERSION:-0.0.0-dev}
    # The gateway takes traffic once every service it forwards to is ready.
    depends_on:
      redis:
        condition: service_healthy
${services.map((s) => `      ${s.name}:\n        condition: service_healthy`).join('\n')}
    ports:
      - "\${GATEWAY_PORT:-3000}:3000"
    environment:
      <<: *distributed-env
      PORT: "3000"
      # The gateway opens no database; its URL names no role.
      DATABASE_URL: postgresql://postgres:5432/postgres
      NATS_USER: gateway
      NATS_PASSWORD: \${NATS_PASSWORD_GATEWAY:?set NATS_PASSWORD_GATEWAY}
      IDENTITY_SIGNING_KEY: \${IDENTITY_SIGNING_KEY:?set IDENTITY_SIGNING_KEY}
      REDIS_URL: redis://gateway:\${REDIS_PASSWORD_GATEWAY:?set REDIS_PASSWORD_GATEWAY}@redis:6379
${services.map((s) => `      SERVICE_URL_${s.name.toUpperCase()}: http://${s.name}:${s.port}`).join('\n')}
      # A micro-frontend deployed on its own (README "Configuration"), e.g.
      # REMOTE_URL_SETTINGS: https://cdn.example.org/settings/remoteEntry.js
      TRUST_PROXY: \${TRUST_PROXY:-false}

  # ---------------------------------------------------------------------------------------------
  # Observability (issue 21; docs/reliability.md "What is measured"). Traces: every process ->
  # OpenTelemetry Collector (OTLP/HTTP 4318) -> Jaeger. Metrics: Prometheus scrapes each process's
  # /metrics on METRICS_PORT 9464 inside this network (infra/prometheus/prometheus.yml); Grafana
  # shows them on the dashboard provisioned from infra/grafana/dashboards/civic.json. The UIs are
  # published on the loopback address only: Jaeger 16686, Prometheus 9090, Grafana 3001.
  otel-collector:
    # The official collector image plus a static busybox for the probe below (the Dockerfile's
    # otel-collector target says why).
    build:
      context: .
      target: otel-collector
    image: civic-agenda/otel-collector:\${CIVIC_VERSION:-0.0.0-dev}
    command: ["--config=/etc/otelcol/collector.yaml"]
    volumes:
      - ./infra/otel/collector.yaml:/etc/otelcol/collector.yaml:ro
    depends_on:
      - jaeger
    restart: unless-stopped
    stop_grace_period: 15s
    healthcheck:
      # The health_check extension answers 200 once the pipelines run.
      test: ["CMD", "/usr/local/bin/busybox", "wget", "-q", "--spider", "http://127.0.0.1:13133/"]
      interval: 10s
      timeout: 4s
      retries: 3

  jaeger:
    image: jaegertracing/all-in-one:1.64.0
    environment:
      COLLECTOR_OTLP_ENABLED: "true"
    ports:
      - "127.0.0.1:16686:16686"
    restart: unless-stopped
    stop_grace_period: 15s
    healthcheck:
      # The admin port answers its health check; the image is Alpine-based (busybox wget).
      test: ["CMD", "wget", "-q", "--spider", "http://127.0.0.1:14269/"]
      interval: 10s
      timeout: 4s
      retries: 3

  prometheus:
    image: prom/prometheus:v2.55.1
    command: ["--config.file=/etc/prometheus/prometheus.yml", "--storage.tsdb.path=/prometheus", "--storage.tsdb.retention.time=15d"]
    volumes:
      - ./infra/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro
      - prometheus-data:/prometheus
    ports:
      - "127.0.0.1:9090:9090"
    restart: unless-stopped
    stop_grace_period: 30s
    healthcheck:
      test: ["CMD", "wget", "-q", "--spider", "http://127.0.0.1:9090/-/healthy"]
      interval: 10s
      timeout: 4s
      retries: 3

  grafana:
    image: grafana/grafana:11.3.1
    depends_on:
      - prometheus
    environment:
      GF_SECURITY_ADMIN_PASSWORD: \${GRAFANA_ADMIN_PASSWORD:?set GRAFANA_ADMIN_PASSWORD}
      GF_USERS_ALLOW_SIGN_UP: "false"
      GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH: /var/lib/grafana/dashboards/civic.json
    volumes:
      - ./infra/grafana/provisioning:/etc/grafana/provisioning:ro
      - ./infra/grafana/dashboards:/var/lib/grafana/dashboards:ro
      - grafana-data:/var/lib/grafana
    ports:
      - "127.0.0.1:3001:3000"
    restart: unless-stopped
    stop_grace_period: 30s
    healthcheck:
      test: ["CMD", "wget", "-q", "--spider", "http://127.0.0.1:3000/api/health"]
      interval: 10s
      timeout: 4s
      retries: 3

volumes:
  postgres-data:
  nats-data:
  redis-data:
  prometheus-data:
  grafana-data:
`;
}
