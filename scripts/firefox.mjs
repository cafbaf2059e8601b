// Launch Firefox with the built extension (.output/firefox-mv2) on the sample pages, driven by
// puppeteer-core over WebDriver BiDi. SPARK_SCRIBE_FIREFOX points at another Firefox.
// Every forum's host reaches our page server through Firefox's HTTP proxy prefs (Firefox has no
// host-resolver rules), so URLs stay port-free as on the real sites.
import { mkdtempSync, rmSync } from 'node:fs';
import { findBinary } from './chromium.mjs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import { startPagesServer } from './pages-server.mjs';

/** The browser tests' build (`wxt build -b firefox --mode e2e`): the shipped one with open shadow roots. */
export const FIREFOX_EXTENSION_DIR = resolve(process.env.SPARK_SCRIBE_FIREFOX_BUILD ?? '.output/firefox-mv2-e2e');
export const GECKO_ID = 'spark-scribe@spark-scribe.invalid';
/** Fixed so that moz-extension:// URLs are the same on every run. */
export const FIREFOX_UUID = '5a4c2e7e-1b1f-4b6e-9d3c-5c0e5f7a0d11';

const CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/usr/lib/firefox-esr/firefox-esr'];

export function findFirefox() {
  return (
    findBinary('SPARK_SCRIBE_FIREFOX', CANDIDATES) ?? {
      path: null,
      message: 'no Firefox found. Install it (Debian: apt-get install firefox-esr) or set SPARK_SCRIBE_FIREFOX.',
    }
  );
}

export async function launchFirefox({ headless = true, server: shared = null, viewport = { width: 1280, height: 900 } } = {}) {
  const found = findFirefox();
  if (!found.path) throw new Error(found.message);
  const server = shared ?? (await startPagesServer());
  const profile = mkdtempSync(join(tmpdir(), 'spark-scribe-ff-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: found.path,
    headless,
    userDataDir: profile,
    defaultViewport: viewport,
    extraPrefsFirefox: {
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': server.port,
      'network.proxy.allow_hijacking_localhost': true,
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: FIREFOX_UUID }),
      // The browser's question when a board is added (Options → Add forum) is answered yes, as a user would.
      'extensions.webextOptionalPermissionPrompts': false,
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.reportingpolicy.firstRun': false,
    },
  });
  await browser.installExtension(FIREFOX_EXTENSION_DIR);
  const base = `moz-extension://${FIREFOX_UUID}`;
  return {
    browser,
    server,
    port: server.port,
    url: (path) => `http://rpol.net${path}`,
    extensionUrl: (path) => `${base}/${path}`,
    async close() {
      await browser.close().catch(() => {});
      if (!shared) await server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
