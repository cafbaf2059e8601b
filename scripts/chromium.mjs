// Finds a Chromium that can load an unpacked extension. SPARK_SCRIBE_CHROMIUM overrides the path.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'];
const BRANDED = ['/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome'];

export function findChromium() {
  const override = process.env.SPARK_SCRIBE_CHROMIUM;
  if (override) {
    return existsSync(override)
      ? { path: override, message: `using SPARK_SCRIBE_CHROMIUM=${override}` }
      : { path: null, message: `SPARK_SCRIBE_CHROMIUM points at ${override}, which does not exist` };
  }
  for (const p of CANDIDATES) if (existsSync(p)) return { path: p, message: `using ${p}` };
  const branded = BRANDED.find((p) => existsSync(p));
  if (branded) {
    let version = '';
    try {
      version = execFileSync(branded, ['--version'], { encoding: 'utf8' }).trim();
    } catch {}
    return {
      path: null,
      branded,
      message:
        `only branded Google Chrome was found (${branded}${version ? `, ${version}` : ''}); since version 137 it ignores ` +
        '--load-extension, so it cannot be driven with Spark Scribe loaded. Install Chromium (Debian: apt-get install chromium) ' +
        'or set SPARK_SCRIBE_CHROMIUM to a Chromium binary. To try the extension in Chrome by hand: open chrome://extensions, ' +
        'switch on Developer mode, click "Load unpacked" and choose .output/chrome-mv3.',
    };
  }
  return { path: null, message: 'no Chromium found. Install it (Debian: apt-get install chromium) or set SPARK_SCRIBE_CHROMIUM.' };
}
