import { defineConfig } from 'wxt';
import { RPOL_MATCHES } from './lib/forums/rpol/hosts';

// The forums Spark Scribe reads: RPOL only. No other host is requested.

/** What the drawer's frame loads: the panel page, its chunk and the storage chunk it shares. */
const DRAWER_RESOURCES = ['sidepanel.html', 'chunks/sidepanel-*.js', 'chunks/storage-*.js'];

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  manifest: ({ browser }) => ({
    name: 'Spark Scribe',
    description:
      'Counts successes, checks draws, audits sheets and builds replies for The Spark d10 played by post on RPOL.',
    permissions: browser === 'firefox' ? ['storage'] : ['storage', 'sidePanel'],
    host_permissions: RPOL_MATCHES,
    action: { default_title: 'Spark Scribe' },
    // The in-page drawer shows the panel page in a frame on RPOL pages: that page and its own
    // chunks are all a page may load (dynamic URLs on Chrome, so a page cannot guess them).
    web_accessible_resources:
      browser === 'firefox'
        ? (DRAWER_RESOURCES as never)
        : [{ resources: DRAWER_RESOURCES, matches: RPOL_MATCHES, use_dynamic_url: true }],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'spark-scribe@spark-scribe.invalid',
              strict_min_version: '115.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
  zip: {
    excludeSources: ['tests/**', 'bench/**', 'artifacts/**', 'demo-out/**', '.output/**', 'node_modules/**'],
  },
});
