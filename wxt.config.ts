import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { defineConfig } from 'wxt';
import { BUILT_IN_MATCHES } from './lib/forums/registry';

// The sites Spark Scribe reads from install: RPOL, Gamers' Plane and forum.mafiascum.net
// (lib/forums/registry.ts). Any other board only when the user adds it in Options: the browser
// is then asked for that origin alone (an optional host permission), and it is given back when
// the board is removed.
const ANY_BOARD = ['*://*/*'];
/**
 * The browser tests' Chromium build only (`--mode e2e`): one board origin granted at install,
 * because Chromium's permission prompt cannot be answered by a driver. Add forum then finds it
 * allowed and goes on as after a yes; the shipped build asks.
 */
const TEST_BOARD = ['http://board.example/*'];
/**
 * The benchmarks' Chromium build only (`--mode bench`): the XenForo and vBulletin sample boards
 * granted at install, so that `npm run bench` can add them without a permission prompt. Its
 * content scripts are the shipped build's code (the sizes are measured on the shipped build).
 */
const BENCH_BOARDS = ['http://xf.example/*', 'http://vb.example/*'];
/**
 * The browser tests' Chromium build only (`--mode e2e`): notifications granted at install, as the
 * board above, so that the Turns view's notifications can be tested; the shipped build asks for
 * them when the user turns them on.
 */
const TEST_NOTIFICATIONS = ['notifications'];

/**
 * What the drawer's frame loads: the panel page and the chunks it imports (which of the shared
 * chunks it needs changes with the bundler's splitting, so all chunks: code only, no data).
 */
const DRAWER_RESOURCES = ['sidepanel.html', 'chunks/*.js'];

/** The files git tracks: the sources zip for Firefox's reviewers holds these and nothing else. */
function trackedFiles(): string[] | null {
  try {
    return execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\0')
      .filter(Boolean);
  } catch {
    return null; // not a git checkout (a reviewer unpacking the sources zip): nothing to zip from here
  }
}
const TRACKED = trackedFiles();

export default defineConfig({
  // The polyfill gives the background and the extension pages one promise API on both browsers.
  modules: ['@wxt-dev/webextension-polyfill'],
  hooks: {
    // The content scripts run on every RPOL page load: they use the browser's own API (promises on
    // both browsers for what they call), without the polyfill's set-up or its bytes.
    'vite:build:extendConfig': (entrypoints, config) => {
      if (!entrypoints.length || !entrypoints.every((e) => e.type === 'content-script')) return;
      config.resolve ??= {};
      const had = config.resolve.alias ?? [];
      const list = Array.isArray(had) ? had : Object.entries(had).map(([find, replacement]) => ({ find, replacement: String(replacement) }));
      config.resolve.alias = [
        { find: /^wxt\/browser$/, replacement: '@wxt-dev/browser' },
        { find: /^wxt\/utils\/content-script-context$/, replacement: resolve('entrypoints/content/context.ts') },
        ...list,
      ];
    },
  },
  manifest: ({ browser, mode }) => ({
    // In the browser's language: public/_locales (English and Italian).
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // scripting (Chrome): the reader's extras are put into a tab when its page needs them (Firefox's MV2 uses the tabs API).
    // alarms: the Turns view's scheduled checks of followed threads. offscreen (Chrome): those
    // pages are parsed in an offscreen document, Chrome's service worker having no DOMParser.
    permissions:
      browser === 'firefox'
        ? ['storage', 'alarms']
        : ['storage', 'sidePanel', 'scripting', 'alarms', 'offscreen', ...(mode === 'e2e' ? TEST_NOTIFICATIONS : [])],
    host_permissions: [
      ...BUILT_IN_MATCHES,
      ...(mode === 'e2e' && browser !== 'firefox' ? TEST_BOARD : []),
      ...(mode === 'bench' && browser !== 'firefox' ? BENCH_BOARDS : []),
    ],
    // Notifications only when the user turns them on in Options (the Turns view): asked for then.
    ...(browser === 'firefox'
      ? { optional_permissions: [...ANY_BOARD, 'notifications'] }
      : { optional_host_permissions: ANY_BOARD, optional_permissions: mode === 'e2e' ? [] : ['notifications'] }),
    action: { default_title: '__MSG_actionTitle__' },
    // Keyboard: one command opens the side panel (Chrome) or the sidebar (Firefox), one the in-page drawer.
    commands: {
      [browser === 'firefox' ? '_execute_sidebar_action' : '_execute_action']: {
        suggested_key: { default: 'Alt+Shift+S' },
        description: '__MSG_commandPanel__',
      },
      'toggle-drawer': {
        suggested_key: { default: 'Alt+Shift+D' },
        description: '__MSG_commandDrawer__',
      },
    },
    // Side-panel calls (sidePanel.setPanelBehavior) need Chrome 116.
    ...(browser === 'firefox' ? {} : { minimum_chrome_version: '116' }),
    // The in-page drawer shows the panel page in a frame on the pages Spark Scribe reads (a board
    // the user adds too): that page and its own chunks are all a page may load (dynamic URLs on
    // Chrome, so a page cannot guess them).
    web_accessible_resources:
      browser === 'firefox' ? (DRAWER_RESOURCES as never) : [{ resources: DRAWER_RESOURCES, matches: ANY_BOARD, use_dynamic_url: true }],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'spark-scribe@spark-scribe.invalid',
              // data_collection_permissions needs 142.
              strict_min_version: '142.0',
              data_collection_permissions: { required: ['none'] },
            },
            // Firefox for Android: the same content scripts and in-page drawer (it has no sidebar,
            // no keyboard commands and no windows: each is feature-detected, the drawer is the panel
            // there). 142 for data_collection_permissions, as on desktop.
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
  zip: {
    // Tracked files only: everything is excluded, then exactly git's list is put back.
    includeSources: TRACKED ?? [],
    excludeSources: TRACKED ? ['**/*'] : ['artifacts/**', 'demo-out/**', '.output/**', 'node_modules/**'],
  },
});
