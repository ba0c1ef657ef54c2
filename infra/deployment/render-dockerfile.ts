// The Dockerfile, rendered from the roster: a target per service, the gateway with every service, the
// front-end bundle of every area, the setup job (`npm run generate` writes it; test/generated-files.test.ts
// fails when it is stale).
import { FRONTEND_SHELL, type ServiceEntry, serviceDir, serviceEntryFile } from '@civic/roster';
import { SERVER_NODE_FLAGS } from '../services.ts';

export interface DockerfileInput {
  services: readonly ServiceEntry[];
  areas: readonly string[];
  /** The root package.json's workspaces: npm ci needs every manifest. */
  workspaces: readonly string[];
}

const lines = (items: readonly string[], line: (item: string) => string) => items.map(line).join('\n');

/** How a server starts: node with SERVER_NODE_FLAGS (V8 takes them on the command line only) and tsx. */
export function serverCommand(entry: string): string {
  return `CMD [${['node', ...SERVER_NODE_FLAGS, '--import', 'tsx', entry].map((part) => JSON.stringify(part)).join(', ')}]`;
}

function serviceSources(dir: string): string {
  return [`COPY ${dir}/package.json ${dir}/`, `COPY ${dir}/src ${dir}/src`, `COPY ${dir}/prisma/migrations ${dir}/prisma/migrations`].join('\n');
}

function serviceTarget(service: ServiceEntry): string {
  const dir = serviceDir(service);
  return `FROM manifests AS ${service.name}-modules
RUN npm ci --omit=dev --omit=optional --ignore-scripts --workspace ${dir}
FROM runtime AS ${service.name}
COPY --from=${service.name}-modules /app/node_modules node_modules
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild
${serviceSources(dir)}
ENV PORT=${service.port}
EXPOSE ${service.port}
${serverCommand(serviceEntryFile(service))}
`;
}

export function renderDockerfile({ services, areas, workspaces }: DockerfileInput): string {
  const dirs = services.map(serviceDir);
  const bundle = [FRONTEND_SHELL, ...areas];
  return `# Generated from the roster (@civic/roster) by \`npm run generate\` (infra/deployment/render-dockerfile.ts); do not edit.
# The images of the distributed deployment: one target per process, the gateway,
# the front-end bundle and the operators' setup job. docker-compose.yml builds each with \`target:\`.
#
#   docker build --target priorities --build-arg VERSION=$(node -p "require('./package.json').version") -t civic-priorities .
#
# Stages: manifests (what npm reads) -> deps (every dependency, dev included: webpack)
# -> frontend-build (webpack) -> frontends (the built bundle alone). A runtime image gets a production
# install of its own workspace (\`npm ci --omit=dev --omit=optional --workspace <dir>\`: its dependencies and its
# workspace dependencies, contracts and services/kit, and nothing of the other services or the front
# ends), its own sources without tests and its migrations; it runs as \`node\`, not root.
#
# The servers run TypeScript through tsx, as every other way of starting them does (npm start,
# npm run start:distributed, the tests), so what runs in an image is what was tested.
# Test: test/deployment.test.ts (non-root, the workspace manifests, .dockerignore).

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- what npm ci reads: the lock and every workspace's manifest (npm ci refuses a partial set)
FROM \${NODE_IMAGE} AS manifests
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json .npmrc ./
${lines(workspaces, (dir) => `COPY ${dir}/package.json ${dir}/`)}

# ---- every dependency, for the build steps. Install scripts are skipped: the root's postinstall
# (the front ends) runs below as a separate, cacheable step.
FROM manifests AS deps
RUN npm ci --ignore-scripts

# ---- the micro-frontends (webpack 5 + Module Federation), built once for every consumer
FROM deps AS frontend-build
COPY contracts/ contracts/
COPY frontends/ frontends/
RUN npm run build:frontends

# ---- the front-end bundle alone: frontends/<area>/dist, nothing that runs. The gateway copies it;
# \`docker build --target frontends --output type=local,dest=out .\` exports it for a CDN (REMOTE_URL_<AREA>).
FROM scratch AS frontends
${lines(bundle, (area) => `COPY --from=frontend-build /app/frontends/${area}/dist /frontends/${area}/dist`)}

# ---- what every server image starts from: Node, a non-root user, the version label, the Node options
FROM \${NODE_IMAGE} AS runtime
WORKDIR /app
ARG VERSION=0.0.0-dev
LABEL org.opencontainers.image.title="Civic Agenda" \\
      org.opencontainers.image.version="\${VERSION}" \\
      org.opencontainers.image.licenses="UNLICENSED"
ENV PROFILE=distributed \\
    HOST=0.0.0.0
# The code is root's and read-only to the process; tsx keeps its cache under /tmp.
COPY tsconfig.base.json tsconfig.json ./
COPY contracts/package.json contracts/
COPY contracts/src contracts/src
COPY services/kit/package.json services/kit/
COPY services/kit/src services/kit/src
COPY services/kit/migrations services/kit/migrations
USER node
# SIGTERM: the process turns /readyz to 503 and drains (services/kit/src/service-main.ts).
STOPSIGNAL SIGTERM

# ---- the services: the production dependencies of the workspace alone, then its sources.
# Each CMD passes SERVER_NODE_FLAGS of infra/services.ts (V8 takes them on the command line only, not
# in NODE_OPTIONS).
# tsx needs esbuild's binary for this platform, an optional dependency; optional packages are otherwise
# omitted, so it is copied.
${services.map(serviceTarget).join('\n')}
# ---- the gateway, with the built front ends. It serves the shell page (its CSP, the remotes' URLs)
# and every micro-frontend from its own origin, so the bundle it serves is the one built from the same
# commit as the routes it forwards; a remote deployed elsewhere is named by REMOTE_URL_<AREA> without
# rebuilding this image. Its workspace dependencies are every service and the roster: the embedded
# profile mounts the roster's services, so their sources come too.
FROM manifests AS gateway-modules
RUN npm ci --omit=dev --omit=optional --ignore-scripts --workspace gateway
FROM runtime AS gateway
COPY --from=gateway-modules /app/node_modules node_modules
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild
COPY roster/package.json roster/
COPY roster/src roster/src
${dirs.map(serviceSources).join('\n')}
COPY gateway/package.json gateway/
COPY gateway/src gateway/src
COPY --from=frontends /frontends frontends
ENV PORT=3000 \\
    FRONTENDS_DIR=/app/frontends
EXPOSE 3000
${serverCommand('gateway/src/server.ts')}

# ---- the OpenTelemetry Collector, with a tool its healthcheck can run: the official image is
# distroless (no shell, no wget), so compose could not probe it. A statically linked busybox is added
# (the musl variant needs no libraries) and compose runs its wget against the collector's
# health_check extension (:13133, infra/otel/collector.yaml). Nothing else changes in the image; it
# keeps the official image's non-root user.
FROM busybox:1.37.0-musl AS probe-tool
FROM otel/opentelemetry-collector-contrib:0.116.1 AS otel-collector
COPY --from=probe-tool /bin/busybox /usr/local/bin/busybox

# ---- the operators' job (compose \`setup\`): roles, databases and streams as the administrators
# (infra/setup-distributed.ts). It needs the service kit and its dependencies, which the gateway's
# production install holds, infra/ and the roster; no service sources.
FROM runtime AS setup
COPY --from=gateway-modules /app/node_modules node_modules
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild
COPY roster/package.json roster/
COPY roster/src roster/src
COPY infra/ infra/
CMD ["node", "--import", "tsx", "infra/setup-distributed.ts"]
`;
}
