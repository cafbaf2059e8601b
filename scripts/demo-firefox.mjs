// npm run demo -- --firefox: the shipped Firefox build on the sample pages in a real Firefox.
// Headless: screenshots of the badges, a roll's detail and the drawer (clicked as a user clicks:
// at the badge's place on the screen), written to the demo's folder as firefox-*.png.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

export async function runFirefoxDemo({ headless, out }) {
  const { findFirefox } = await import('./firefox.mjs');
  const found = findFirefox();
  if (!found.path) {
    console.error(`Spark Scribe demo: ${found.message}`);
    return 1;
  }
  console.log(`Firefox: ${found.message}`);
  console.log('Building the Firefox extension…');
  const build = spawnSync('npx', ['wxt', 'build', '-b', 'firefox'], { stdio: 'inherit' });
  if (build.status !== 0) return build.status ?? 1;
  // The shipped build (closed shadow roots): the demo clicks where a user would.
  process.env.SPARK_SCRIBE_FIREFOX_BUILD = resolve('.output/firefox-mv2');
  const { launchFirefox } = await import('./firefox.mjs');
  const ff = await launchFirefox({ headless });
  const DUEL = '/display.cgi?gi=51829&ti=40&show=all';
  const page = await ff.browser.newPage();
  await page.goto(ff.url(DUEL));
  await page.waitForSelector('[data-spark-scribe=roll]', { timeout: 20_000 });
  if (!headless) {
    console.log(`Sample pages at ${ff.url('/')} (served on 127.0.0.1:${ff.port}). Close Firefox to end the demo.`);
    await new Promise((done) => ff.browser.on('disconnected', done));
    return 0;
  }
  mkdirSync(out, { recursive: true });
  const shots = [];
  const shot = async (name) => {
    const path = resolve(out, `firefox-${name}.png`);
    await page.screenshot({ path });
    shots.push(path);
  };
  const host = await page.$('[data-spark-scribe=roll][data-post="5"]');
  await host.scrollIntoView();
  await shot('1-thread-badges');
  await host.click();
  await new Promise((r) => setTimeout(r, 500));
  await shot('2-roll-detail');
  await page.keyboard.press('Escape');
  await (await page.$('[data-spark-scribe=drawer]')).click();
  await page.waitForSelector('iframe[data-spark-scribe=drawer-frame]');
  await new Promise((r) => setTimeout(r, 2500));
  await shot('3-drawer');
  await ff.close();
  console.log(`Wrote ${shots.length} screenshots:\n${shots.map((p) => `  ${p}`).join('\n')}`);
  return 0;
}
