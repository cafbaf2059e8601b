// Injected into a Chromium page by scripts/bench-chromium.mjs: the full scan (every post, roll,
// verdict and sheet, as the content script reads them) timed next to one warm read of
// document.body.innerText; and a 200-die distribution's first call.
import { readPageClock } from '../lib/forums/rpol';
import { ThreadScanner } from '../lib/thread';
import { RPOL_READING } from '../lib/forums/rpol/scan';
import { successDistribution } from '../lib/dice/pool';

const w = window as unknown as Record<string, unknown>;

function scan(): number {
  const clock = readPageClock(document);
  const scanner = new ThreadScanner(RPOL_READING, clock);
  let rolls = 0;
  // The content script's own path: each message read once, prose-only posts skipped early.
  for (const m of Array.from(document.querySelectorAll('div.message'))) rolls += scanner.scanMessage(m)?.rolls.length ?? 0;
  return rolls;
}

w.sparkScribeBench = () => {
  void document.body.innerText; // the warm read is the second
  let t = performance.now();
  const text = document.body.innerText;
  const innerTextMs = performance.now() - t;
  t = performance.now();
  const rolls = scan();
  const scanMs = performance.now() - t;
  return { innerTextMs, scanMs, rolls, chars: text.length };
};
w.sparkScribeScan = () => scan();
w.sparkScribeDistribution = () => {
  let t = performance.now();
  successDistribution(200, 0);
  const first = performance.now() - t;
  t = performance.now();
  for (let i = 0; i < 20; i++) successDistribution(200, (i % 11) - 5);
  return { first, warm: (performance.now() - t) / 20 };
};
