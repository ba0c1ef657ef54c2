#!/usr/bin/env bash
# Builds every image of docker-compose.yml (the Dockerfile's targets), labelled and tagged with the
# version of the root package.json (org.opencontainers.image.version). Arguments go to
# `docker-compose build`, e.g. `npm run images:build -- priorities gateway`.
set -euo pipefail
cd "$(dirname "$0")/.."
CIVIC_VERSION="${CIVIC_VERSION:-$(node -p "require('./package.json').version ?? '0.0.0-dev'")}"
export CIVIC_VERSION
echo "» images civic-agenda/<target>:${CIVIC_VERSION}"
exec docker-compose -f docker-compose.yml build "$@"
