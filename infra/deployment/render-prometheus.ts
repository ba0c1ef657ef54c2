// infra/prometheus/prometheus.yml, rendered from the roster: the gateway and every service on
// METRICS_PORT (`npm run generate` writes it; test/generated-files.test.ts fails when it is stale).
import type { ServiceEntry } from '@civic/roster';

const METRICS_PORT = 9464;

export function renderPrometheus(services: readonly ServiceEntry[]): string {
  const targets = ['gateway', ...services.map((s) => s.name)].map((name) => `          - ${name}:${METRICS_PORT}`).join('\n');
  return `# Generated from the roster (@civic/roster) by \`npm run generate\` (infra/deployment/render-prometheus.ts); do not edit.
# Prometheus (docker-compose.yml, observability block): scrapes /metrics of the gateway and of every
# service on METRICS_PORT (${METRICS_PORT}), a port inside the compose network that is never published, so
# citizens reach none of it (the gateway's public port answers 404 for /metrics).
global:
  scrape_interval: 15s
  scrape_timeout: 10s

scrape_configs:
  - job_name: civic
    metrics_path: /metrics
    static_configs:
      - targets:
${targets}
    relabel_configs:
      # instance="auth" rather than "auth:${METRICS_PORT}".
      - source_labels: [__address__]
        regex: "([^:]+):\\\\d+"
        target_label: instance
`;
}
