// Injected into a Chromium page by scripts/bench-chromium.mjs: the full scan (every post, roll,
// verdict and sheet, as the content script reads them) timed next to one warm read of
// document.body.innerText; and a 200-die distribution's first call.
import { successDistribution } from '../lib/dice/pool';
import type { Forum } from '../lib/forums/forum';
import { GAMERS_PLANE } from '../lib/forums/gamersplane/forum';
import { PHPBB } from '../lib/forums/phpbb/forum';
import { RPOL } from '../lib/forums/rpol/forum';
import { VBULLETIN } from '../lib/forums/vbulletin/forum';
import { XENFORO } from '../lib/forums/xenforo/forum';
import { ThreadScanner } from '../lib/thread';

const w = window as unknown as Record<string, unknown>;
const FORUMS: Record<string, Forum> = { rpol: RPOL, phpbb: PHPBB, xenforo: XENFORO, vbulletin: VBULLETIN, gamersplane: GAMERS_PLANE };

/** The content script's own path on forum `id`'s page: each post read once, prose-only posts skipped early. */
function scan(id = 'rpol'): number {
  const forum = FORUMS[id] ?? RPOL;
  const scanner = new ThreadScanner(forum.reading, forum.clock(document));
  let rolls = 0;
  for (const m of Array.from(document.querySelectorAll(forum.posts.selector))) rolls += scanner.scanMessage(m)?.rolls.length ?? 0;
  return rolls;
}

w.sparkScribeBench = (forum?: string) => {
  void document.body.innerText; // the warm read is the second
  let t = performance.now();
  const text = document.body.innerText;
  const innerTextMs = performance.now() - t;
  t = performance.now();
  const rolls = scan(forum);
  const scanMs = performance.now() - t;
  return { innerTextMs, scanMs, rolls, chars: text.length };
};
w.sparkScribeScan = (forum?: string) => scan(forum);
w.sparkScribeDistribution = () => {
  let t = performance.now();
  successDistribution(200, 0);
  const first = performance.now() - t;
  t = performance.now();
  for (let i = 0; i < 20; i++) successDistribution(200, (i % 11) - 5);
  return { first, warm: (performance.now() - t) / 20 };
};
