// Launch Chromium with the built extension on the sample pages (demo, browser tests, benchmarks).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from './chromium.mjs';
import { chromiumArgs, startPagesServer } from './pages-server.mjs';

export const EXTENSION_DIR = resolve('.output/chrome-mv3');
/** The accessibility tests' build (`wxt build --mode e2e`): the shipped one with open shadow roots, which axe can read. */
export const E2E_EXTENSION_DIR = resolve('.output/chrome-mv3-e2e');

/** `server`: share another launch's page server (a second profile reading what the first posted). */
export async function launchWithExtension({
  headless = true,
  viewport = { width: 1280, height: 900 },
  server: shared = null,
  extensionDir = EXTENSION_DIR,
  colorScheme = 'light',
} = {}) {
  const found = findChromium();
  if (!found.path) throw new Error(found.message);
  const server = shared ?? (await startPagesServer());
  const profile = mkdtempSync(join(tmpdir(), 'spark-scribe-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: found.path,
    headless,
    viewport,
    colorScheme,
    args: chromiumArgs(extensionDir, server.port),
    ignoreDefaultArgs: ['--disable-extensions'],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    worker,
    extensionId,
    port: server.port,
    server,
    url: (path) => `http://rpol.net${path}`,
    extensionUrl: (path) => `chrome-extension://${extensionId}/${path}`,
    /** The tab id (as the extension sees it) of the page at `urlPart`. */
    async tabIdOf(urlPart) {
      return worker.evaluate(async (part) => {
        const tabs = await chrome.tabs.query({});
        return tabs.find((t) => t.url?.includes(part))?.id ?? null;
      }, urlPart);
    },
    async close() {
      await context.close();
      if (!shared) await server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
