export { installHttpMetrics } from './http-metrics.ts';
export { DISABLED_METRICS, type ProcessMetrics, SCRAPE_READ_TIMEOUT_MS, within } from './process-metrics.ts';
