import { defineConfig } from 'wxt';

// The forums Spark Scribe reads. Other hosts are only reached through optional permissions.
export const RPOL_MATCHES = [
  '*://rpol.net/*',
  '*://www.rpol.net/*',
  '*://new.rpol.net/*',
  '*://m.rpol.net/*',
];

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  manifest: ({ browser }) => ({
    name: 'Spark Scribe',
    description:
      'Counts successes, checks draws, audits sheets and builds replies for The Spark d10 played by post on RPOL.',
    permissions: browser === 'firefox' ? ['storage'] : ['storage', 'sidePanel'],
    host_permissions: RPOL_MATCHES,
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
