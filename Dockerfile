# Generated from the roster (@civic/roster) by `npm run generate` (infra/deployment/render-dockerfile.ts); do not edit.
# The images of the distributed deployment: one target per process, the gateway,
# the front-end bundle and the operators' setup job. docker-compose.yml builds each with `target:`.
#
#   docker build --target priorities --build-arg VERSION=$(node -p "require('./package.json').version") -t civic-priorities .
#
# Stages: manifests (what npm reads) -> deps (every dependency, dev included: webpack)
# -> frontend-build (webpack) -> frontends (the built bundle alone). A runtime image gets a production
# install of its own workspace (`npm ci --omit=dev --omit=optional --workspace <dir>`: its dependencies and its
# workspace dependencies, contracts and services/kit, and nothing of the other services or the front
# ends), its own sources without tests and its migrations; it runs as `node`, not root.
#
# The servers run TypeScript through tsx, as every other way of starting them does (npm start,
# npm run start:distributed, the tests), so what runs in an image is what was tested.
# Test: test/deployment.test.ts (non-root, the workspace manifests, .dockerignore).

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- what npm ci reads: the lock and every workspace's manifest (npm ci refuses a partial set)
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY roster/package.json roster/
COPY services/kit/package.json services/kit/
COPY services/auth/package.json services/auth/
COPY services/account/package.json services/account/
COPY services/social/package.json services/social/
COPY services/priorities/package.json services/priorities/
COPY services/ledger/package.json services/ledger/
COPY services/briefing/package.json services/briefing/
COPY services/admin/package.json services/admin/
COPY services/notifications/package.json services/notifications/
COPY gateway/package.json gateway/
COPY frontends/kit/package.json frontends/kit/
COPY frontends/shell/package.json frontends/shell/
COPY frontends/landing/package.json frontends/landing/
COPY frontends/dashboard/package.json frontends/dashboard/
COPY frontends/profile/package.json frontends/profile/
COPY frontends/priorities/package.json frontends/priorities/
COPY frontends/settings/package.json frontends/settings/
COPY frontends/briefing/package.json frontends/briefing/
COPY frontends/network/package.json frontends/network/
COPY frontends/admin/package.json frontends/admin/

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
# `docker build --target frontends --output type=local,dest=out .` exports it for a CDN (REMOTE_URL_<AREA>).
FROM scratch AS frontends
COPY --from=frontend-build /app/frontends/shell/dist /frontends/shell/dist
COPY --from=frontend-build /app/frontends/landing/dist /frontends/landing/dist
COPY --from=frontend-build /app/frontends/dashboard/dist /frontends/dashboard/dist
COPY --from=frontend-build /app/frontends/priorities/dist /frontends/priorities/dist
COPY --from=frontend-build /app/frontends/profile/dist /frontends/profile/dist
COPY --from=frontend-build /app/frontends/settings/dist /frontends/settings/dist
COPY --from=frontend-build /app/frontends/briefing/dist /frontends/briefing/dist
COPY --from=frontend-build /app/frontends/network/dist /frontends/network/dist
COPY --from=frontend-build /app/frontends/admin/dist /frontends/admin/dist

# ---- what every server image starts from: Node, a non-root user, the version label, the Node options
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ARG VERSION=0.0.0-dev
LABEL org.opencontainers.image.title="Civic Agenda" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="UNLICENSED"
ENV PROFILE=distributed \
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
FROM manifests AS auth-modules
RUN npm ci --omit=dev --omit=optional --ignore-scripts --workspace services/auth
FROM runtime AS auth
COPY --from=auth-modules /app/node_modules node_modules
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild
COPY services/auth/package.json services/auth/
COPY services/auth/src services/auth/src
COPY services/auth/prisma/migrations services/auth/prisma/migrations
ENV PORT=3101
EXPOSE 3101
CMD ["node", "--no-memory-reducer", "--import", "tsx", "services/auth/src/server.ts"]

FROM manifests AS account-modules
RUN npm ci --omit=dev --omit=optional --ignore-scripts --workspace services/account
FROM runtime AS account
COPY --from=account-modules /app/node_modules node_modules
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild
COPY services/account/package.json services/account/
COPY services/account/src services/account/src
COPY services/account/prisma/migrations services/account/prisma/migrations
ENV PORT=3106
EXPOSE 3106
CMD ["node", "--no-memory-reducer", "--import", "tsx", "services/account/src/server.ts"]

FROM manifests AS social-modules
RUN npm ci --omit=dev --omit=optional --ignore-scripts --workspace services/social
FROM runtime AS social
COPY --from=social-modules /app/node_modules node_modules
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild
COPY services/social/package.json services/social/
COPY services/social/src services/social/src
COPY services/social/prisma/migrations services/social/prisma/migrations
ENV PORT=3105
EXPOSE 3105
CMD ["node", "--no-memory-reducer", "--import", "tsx", "services/social/src/server.ts"]

FROM manifests AS priorities-modules
RUN npm ci --omit=dev --omit=optional --ignore-scripts --workspace services/priorities
FROM runtime AS priorities
COPY --from=priorities-modules /app/node_modules node_modules
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild
COPY services/priorities/package.json services/priorities/
COPY services/priorities/src services/priorities/src
COPY services/priorities/prisma/migrations services/priorities/prisma/migrations
ENV PORT=3102
EXPOSE 3102
CMD ["node", "--no-memory-reducer", "--import", "tsx", "services/priorities/src/server.ts"]

FROM manifests AS ledger-modules
RUN npm ci --omit=dev --omit=optional --ignore-scripts --workspace services/ledger
FROM runtime AS ledger
COPY --from=ledger-modules /app/node_modules node_modules
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild
COPY services/ledger/package.json services/ledger/
COPY services/ledger/src services/ledger/src
COPY services/ledger/prisma/migrations services/ledger/prisma/migrations
ENV PORT=3103
EXPOSE 3103
CMD ["node", "--no-memory-reducer", "--import", "tsx", "services/ledger/src/server.ts"]

FROM manifests AS briefing-modules
RUN npm ci --omit=dev --omit=optional --ignore-scripts --workspace services/briefing
FROM runtime AS briefing
COPY --from=briefing-modules /app/node_modules node_modules
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild
COPY services/briefing/package.json services/briefing/
COPY services/briefing/src services/briefing/src
COPY services/briefing/prisma/migrations services/briefing/prisma/migrations
ENV PORT=3104
EXPOSE 3104
CMD ["node", "--no-memory-reducer", "--import", "tsx", "services/briefing/src/server.ts"]

FROM manifests AS admin-modules
RUN npm ci --omit=dev --omit=optional --ignore-scripts --workspace services/admin
FROM runtime AS admin
COPY --from=admin-modules /app/node_modules node_modules
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild
COPY services/admin/package.json services/admin/
COPY services/admin/src services/admin/src
COPY services/admin/prisma/migrations services/admin/prisma/migrations
ENV PORT=3107
EXPOSE 3107
CMD ["node", "--no-memory-reducer", "--import", "tsx", "services/admin/src/server.ts"]

FROM manifests AS notifications-modules
RUN npm ci --omit=dev --omit=optional --ignore-scripts --workspace services/notifications
FROM runtime AS notifications
COPY --from=notifications-modules /app/node_modules node_modules
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild
COPY services/notifications/package.json services/notifications/
COPY services/notifications/src services/notifications/src
COPY services/notifications/prisma/migrations services/notifications/prisma/migrations
ENV PORT=3108
EXPOSE 3108
CMD ["node", "--no-memory-reducer", "--import", "tsx", "services/notifications/src/server.ts"]

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
COPY services/auth/package.json services/auth/
COPY services/auth/src services/auth/src
COPY services/auth/prisma/migrations services/auth/prisma/migrations
COPY services/account/package.json services/account/
COPY services/account/src services/account/src
COPY services/account/prisma/migrations services/account/prisma/migrations
COPY services/social/package.json services/social/
COPY services/social/src services/social/src
COPY services/social/prisma/migrations services/social/prisma/migrations
COPY services/priorities/package.json services/priorities/
COPY services/priorities/src services/priorities/src
COPY services/priorities/prisma/migrations services/priorities/prisma/migrations
COPY services/ledger/package.json services/ledger/
COPY services/ledger/src services/ledger/src
COPY services/ledger/prisma/migrations services/ledger/prisma/migrations
COPY services/briefing/package.json services/briefing/
COPY services/briefing/src services/briefing/src
COPY services/briefing/prisma/migrations services/briefing/prisma/migrations
COPY services/admin/package.json services/admin/
COPY services/admin/src services/admin/src
COPY services/admin/prisma/migrations services/admin/prisma/migrations
COPY services/notifications/package.json services/notifications/
COPY services/notifications/src services/notifications/src
COPY services/notifications/prisma/migrations services/notifications/prisma/migrations
COPY gateway/package.json gateway/
COPY gateway/src gateway/src
COPY --from=frontends /frontends frontends
ENV PORT=3000 \
    FRONTENDS_DIR=/app/frontends
EXPOSE 3000
CMD ["node", "--no-memory-reducer", "--import", "tsx", "gateway/src/server.ts"]

# ---- the OpenTelemetry Collector, with a tool its healthcheck can run: the official image is
# distroless (no shell, no wget), so compose could not probe it. A statically linked busybox is added
# (the musl variant needs no libraries) and compose runs its wget against the collector's
# health_check extension (:13133, infra/otel/collector.yaml). Nothing else changes in the image; it
# keeps the official image's non-root user.
FROM busybox:1.37.0-musl AS probe-tool
FROM otel/opentelemetry-collector-contrib:0.116.1 AS otel-collector
COPY --from=probe-tool /bin/busybox /usr/local/bin/busybox

# ---- the operators' job (compose `setup`): roles, databases and streams as the administrators
# (infra/setup-distributed.ts). It needs the service kit and its dependencies, which the gateway's
# production install holds, infra/ and the roster; no service sources.
FROM runtime AS setup
COPY --from=gateway-modules /app/node_modules node_modules
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild
COPY roster/package.json roster/
COPY roster/src roster/src
COPY infra/ infra/
CMD ["node", "--import", "tsx", "infra/setup-distributed.ts"]
