// Finds a Chromium that can load an unpacked extension. SPARK_SCRIBE_CHROMIUM overrides the path.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'];
const BRANDED = ['/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome'];

/** A browser binary: the one the environment variable names, else the first candidate present; null when none. */
export function findBinary(variable, candidates) {
  const override = process.env[variable];
  if (override) {
    return existsSync(override)
      ? { path: override, message: `using ${variable}=${override}` }
      : { path: null, message: `${variable} points at ${override}, which does not exist` };
  }
  const found = candidates.find((p) => existsSync(p));
  return found ? { path: found, message: `using ${found}` } : null;
}

export function findChromium() {
  const found = findBinary('SPARK_SCRIBE_CHROMIUM', CANDIDATES);
  if (found) return found;
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
