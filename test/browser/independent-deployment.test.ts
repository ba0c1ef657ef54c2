/// <reference lib="dom" />
// Independent deployment of one micro-frontend (docs/micro-frontends.md): the landing remote is rebuilt
// alone (webpack with only its configuration, from a copy of its sources with a marker added) into a
// temporary folder, served from another origin, and switched to with REMOTE_URL_LANDING while the shell,
// the kit and the other remotes stay as built. The page must show the new build, styled by the CSS the
// remote carries itself (a class no other area uses, so the shell's stylesheet cannot have it); and a
// remote that requires another kit version must be refused visibly instead of running the page's kit.
import assert from 'node:assert/strict';
import { cp, mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import webpack, { type Configuration } from 'webpack';
import { startTestServer } from '../support/test-server.ts';
import { closeBrowser, newSession } from '../support/browser.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FRONTENDS = join(ROOT, 'frontends');
// A class the shell's stylesheet lacks (no source of the shell or the kit uses it): only the rebuilt
// remote's own CSS can colour the marker.
const MARKER_CLASS = 'text-fuchsia-700';

const MARKER_ROOT = (marker: string) => `// Test build: the original root with a marker above it.
import { AreaRoot } from '@civic/frontend-kit';
import OriginalRoot from './original-root.component.tsx';
import './styles.css';

export default function MarkedRoot() {
  return (
    <>
      <AreaRoot name="landing">
        <p data-build-marker className="${MARKER_CLASS}">${marker}</p>
      </AreaRoot>
      <OriginalRoot />
    </>
  );
}
`;

/** A copy of frontends/landing with the marker; kit and build helpers are the real ones (symlinked). */
async function copyLandingWithMarker(workDir: string, marker: string): Promise<string> {
  const frontends = join(workDir, 'frontends');
  const landing = join(frontends, 'landing');
  await mkdir(frontends, { recursive: true });
  await cp(join(FRONTENDS, 'landing', 'src'), join(landing, 'src'), { recursive: true });
  await cp(join(FRONTENDS, 'landing', 'package.json'), join(landing, 'package.json'));
  // styles.css names the kit's sources relatively (../../kit/src): the real kit, through a link.
  await symlink(join(FRONTENDS, 'kit'), join(frontends, 'kit'), 'dir');
  await rename(join(landing, 'src', 'root.component.tsx'), join(landing, 'src', 'original-root.component.tsx'));
  await writeFile(join(landing, 'src', 'root.component.tsx'), MARKER_ROOT(marker));
  return landing;
}

/** webpack with the landing remote's own configuration only, pointed at the copy and a temporary output. */
async function buildRemote(landingDir: string, outputDir: string): Promise<void> {
  const { createFederatedConfig } = (await import(join(FRONTENDS, 'build', 'create-webpack-config.mjs'))) as {
    createFederatedConfig: (options: { dirname: string; name: string; exposes: Record<string, string> }) => Configuration;
  };
  const landingConfig = (await import(join(FRONTENDS, 'landing', 'webpack.config.mjs'))) as { default: Configuration };
  const config = createFederatedConfig({ dirname: landingDir, name: 'civic_landing', exposes: { './lifecycles': './src/lifecycles.tsx' } });
  // The real configuration's exposes and container name, so the copy is the same remote.
  assert.equal(landingConfig.default.output?.uniqueName, 'civic_landing');
  config.mode = 'production';
  config.output = { ...config.output, path: outputDir };
  // Minifying is most of a build's time and changes nothing this test looks at.
  config.optimization = { ...config.optimization, minimize: false };
  await new Promise<void>((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

/** A plain static server for the rebuilt remote: another origin than the gateway's. */
async function serveStatic(dir: string): Promise<{ server: Server; origin: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    requests.push(path);
    try {
      const body = await readFile(join(dir, path));
      response.writeHead(200, { 'content-type': path.endsWith('.js') ? 'text/javascript' : 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

describe('one remote deployed on its own', { skip: browserTestsSkip() }, () => {
  const workDir = join(ROOT, '.tmp', `independent-deployment-${process.pid}`);
  const outputDir = join(workDir, 'dist');
  const marker = `Landing build ${process.pid}-${Date.now()}`;
  let remote: Awaited<ReturnType<typeof serveStatic>>;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  before(async () => {
    await rm(workDir, { recursive: true, force: true });
    const landingDir = await copyLandingWithMarker(workDir, marker);
    remote = await serveStatic(outputDir);
    // The build and the gateway's start overlap: the gateway only needs the URL.
    await Promise.all([
      buildRemote(landingDir, outputDir),
      startTestServer({ env: { REMOTE_URL_LANDING: `${remote.origin}/remoteEntry.js` } }).then((started) => {
        server = started;
      }),
    ]);
  });
  after(async () => {
    await closeBrowser();
    await server?.close();
    remote?.server.close();
    await rm(workDir, { recursive: true, force: true });
  });

  test('the page shows the rebuilt remote, styled by its own CSS, with the shell and kit unchanged', async () => {
    const { page, errors } = await newSession(server.baseUrl);
    await page.goto('/');
    const shown = page.locator('[data-build-marker]');
    await shown.waitFor();
    assert.equal(await shown.textContent(), marker);
    assert.ok(remote.requests.includes('/remoteEntry.js'), 'the remote entry came from the other origin');
    // The rest of the landing page and the kit's sign-in dialog still work.
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('dialog').getByText('US citizens only, one account per person', { exact: true }).waitFor();

    const colours = await shown.evaluate((element) => ({
      marker: getComputedStyle(element).color,
      page: getComputedStyle(document.body).color,
    }));
    assert.notEqual(colours.marker, colours.page, `${MARKER_CLASS} is applied (from the remote's own stylesheet)`);
    assert.deepEqual(errors, []);
  });

  test('a remote built against another kit version is refused with the reason, not run on the page kit', async () => {
    const { page, errors } = await newSession(server.baseUrl);
    // The same build, as if it had been made against kit 9.x: its shared-module requirement says so.
    await page.route(`${remote.origin}/**/*.js`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll(/requiredVersion:\s*"\^0\.[0-9.]+"/g, 'requiredVersion: "^9.0.0"');
      await route.fulfill({ response, body });
    });
    await page.goto('/');
    await page.getByRole('alert').getByText('Something went wrong while showing this part of the page').waitFor();
    assert.equal(await page.locator('[data-build-marker]').count(), 0, 'the incompatible remote did not render');
    assert.ok(
      errors.some((error) => /frontend-kit/.test(error) && /9\.0\.0/.test(error)),
      `the console names the kit version mismatch: ${errors.join(' | ')}`,
    );
  });
});
