// The messages between the runner (main thread) and its VU workers.

/** A request as a VU asks the runner to make it. */
export interface RequestSpec {
  method: string;
  url: string;
  body: string | null;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Statuses counted as expected (http_req_failed 0); null: k6's default, 200-399. */
  expected: number[] | null;
  tags: Record<string, string>;
}

/** What the runner answers: the fields of a k6 Response the harness fills. */
export interface ResponseRecord {
  url: string;
  status: number;
  body: string | null;
  headers: Record<string, string>;
  setCookies: string[];
  error: string;
  error_code: number;
  durationMs: number;
}

export type MetricKind = 'counter' | 'gauge' | 'rate' | 'trend';

export type FromVu =
  | { type: 'ready'; options: ScriptOptions }
  | { type: 'sample'; metric: string; kind: MetricKind; value: number; tags: Record<string, string> }
  | { type: 'http'; requests: RequestSpec[] }
  | { type: 'done'; id: number; error: string | null; value: unknown };

export type ToVu = { type: 'run'; id: number; exec: string; data: unknown; scenario: string };

/** What a VU worker starts with. */
export interface VuWorkerData {
  scriptUrl: string;
  env: Record<string, string>;
  vu: number;
  /** Int32 flag the runner sets to 1 (and notifies) once a reply is on the reply port. */
  flag: SharedArrayBuffer;
}

/** The parts of a script's `export const options` the harness reads. */
export interface ScriptOptions {
  scenarios?: Record<string, ScenarioOptions>;
  thresholds?: Record<string, Array<string | { threshold: string; abortOnFail?: boolean }>>;
}

export interface ScenarioOptions {
  executor: string;
  exec?: string;
  startTime?: string;
  gracefulStop?: string;
  rate?: number;
  startRate?: number;
  timeUnit?: string;
  duration?: string;
  stages?: Array<{ duration: string; target: number }>;
  preAllocatedVUs?: number;
  maxVUs?: number;
}
