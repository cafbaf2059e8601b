// Injected into a Chromium page by scripts/bench-chromium.mjs: times the full scan with performance
// marks, next to one read of document.body.innerText, in the same run.
import { readPageClock } from '../lib/forums/rpol';
import { ThreadScanner } from '../lib/games/spark-d10/scanner';

(window as unknown as { sparkScribeBench: () => object }).sparkScribeBench = () => {
  performance.mark('bench:text:start');
  const text = document.body.innerText;
  performance.mark('bench:text:end');
  performance.mark('bench:scan:start');
  const clock = readPageClock(document);
  const scanner = new ThreadScanner(clock);
  let rolls = 0;
  // The content script's own path: each message read once, prose-only posts skipped early.
  for (const m of Array.from(document.querySelectorAll('div.message'))) rolls += scanner.scanMessage(m)?.rolls.length ?? 0;
  performance.mark('bench:scan:end');
  const t = performance.measure('text', 'bench:text:start', 'bench:text:end').duration;
  const s = performance.measure('scan', 'bench:scan:start', 'bench:scan:end').duration;
  return { innerTextMs: t, scanMs: s, rolls, chars: text.length };
};
