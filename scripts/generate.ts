// `npm run generate`: writes what is rendered from the roster (infra/deployment/generated-files.ts)
// and names the files it changed. After a new service's line, `npm install` links its workspace.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from '../infra/deployment/generated-files.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const changed = generatedFiles(ROOT).filter(({ path, text }) => readFileSync(join(ROOT, path), 'utf8') !== text);
for (const { path, text } of changed) writeFileSync(join(ROOT, path), text);
console.log(changed.length === 0 ? 'Every generated file is current.' : `Written: ${changed.map((file) => file.path).join(', ')}`);
