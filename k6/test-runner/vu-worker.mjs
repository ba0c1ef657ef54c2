// A VU worker's entry: Node 20 applies no --import to a worker's own entry module, so this plain
// module registers tsx itself, then loads the worker (vu-worker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./vu-worker.ts');
