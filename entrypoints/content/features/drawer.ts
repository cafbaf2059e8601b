/**
 * The in-page drawer's button (where no side panel is at hand). It goes in after the page's first
 * frame: it is our own control, not a reading of the page, and put in before that frame it cost
 * a restyle and relayout of a long page (50-70 ms on a real 1,000-post page here). A request for
 * the drawer before then mounts it at once.
 */
import { whenParsed } from '../../../lib/reading/feed';
import { mountDrawer } from '../drawer';
import { afterNextFrame } from '../slices';
import type { half } from './drawer.extras';
import type { Feature } from './feature';

/** Its half in the extras (the frame) is loaded by ../drawer.ts, on the first opening. */
export const drawer: Feature<typeof half> = {
  on: ['thread', 'dice-log', 'character', 'old-layout'],
  enabled: (s) => s.annotations.drawer,
  init(ctx, signal) {
    let mounted: ReturnType<typeof mountDrawer> | null = null;
    const mountNow = () => {
      if (!mounted && !signal.aborted) mounted = mountDrawer(ctx.theme, ctx.detection);
      return mounted;
    };
    const cancel = whenParsed(ctx.doc, () => afterNextFrame(mountNow));
    signal.addEventListener(
      'abort',
      () => {
        cancel();
        mounted?.remove();
      },
      { once: true },
    );
    ctx.answers.drawer = (r) => {
      const d = mountNow();
      if (!d) return { ok: false };
      d.toggle(r.open);
      return { ok: true };
    };
  },
};
