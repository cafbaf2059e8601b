import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: { include: ['bench/**/*.bench.ts'], benchmark: { include: ['bench/**/*.bench.ts'] } },
});
