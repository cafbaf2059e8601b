/**
 * Where the drawer and its button sit: on the *visual* viewport (what the screen shows), at the
 * size the eye sees, whatever the page's layout width or zoom. A phone lays a page without a
 * viewport meta out 980 px wide and zooms out; a page wider than the screen pans. Fixed
 * positions follow the layout viewport, so each of ours is put at the visual viewport's offset
 * and scaled by 1 / its scale: at scale 1 with no offset (a desktop) nothing changes.
 */

/** Below this visual width the drawer is a full-screen panel under a bar with its close button. */
export const NARROW = 480;
/** The bar above the full-screen drawer (its close button is 44 px high). */
export const BAR = 56;

export interface VisualBox {
  /** The visual viewport's offset in the layout viewport (CSS px). */
  left: number;
  top: number;
  /** Its size as the eye sees it (CSS px at scale 1). */
  width: number;
  height: number;
  scale: number;
}

export function visualBox(): VisualBox {
  const vv = window.visualViewport;
  if (!vv) return { left: 0, top: 0, width: document.documentElement.clientWidth || innerWidth, height: innerHeight, scale: 1 };
  const scale = vv.scale > 0 ? vv.scale : 1;
  return { left: vv.offsetLeft, top: vv.offsetTop, width: vv.width * scale, height: vv.height * scale, scale };
}

export const isNarrow = (box: VisualBox = visualBox()): boolean => box.width < NARROW;

/** Put `el` (unscaled size `width` × `height`) at `x`, `y` of the visual viewport, as the eye sees them. */
export function place(el: HTMLElement, box: VisualBox, x: number, y: number, width: number | null, height: number | null): void {
  const s = el.style;
  s.setProperty('position', 'fixed', 'important');
  s.setProperty('left', `${box.left + x / box.scale}px`, 'important');
  s.setProperty('top', `${box.top + y / box.scale}px`, 'important');
  s.setProperty('right', 'auto', 'important');
  s.setProperty('bottom', 'auto', 'important');
  if (width !== null) s.setProperty('width', `${width}px`, 'important');
  if (height !== null) s.setProperty('height', `${height}px`, 'important');
  s.setProperty('transform', box.scale === 1 ? 'none' : `scale(${1 / box.scale})`, 'important');
  s.setProperty('transform-origin', '0 0', 'important');
}

/** Call `update` now and whenever the visual viewport moves or resizes; the returned function stops it. */
export function followViewport(update: () => void): () => void {
  let queued = 0;
  const later = () => {
    if (queued) return;
    queued = requestAnimationFrame(() => {
      queued = 0;
      update();
    });
  };
  const vv = window.visualViewport;
  vv?.addEventListener('resize', later);
  vv?.addEventListener('scroll', later);
  addEventListener('resize', later);
  update();
  return () => {
    cancelAnimationFrame(queued);
    vv?.removeEventListener('resize', later);
    vv?.removeEventListener('scroll', later);
    removeEventListener('resize', later);
  };
}

/**
 * The drawer's frame: the right-hand side (420 px) above the strip its button keeps (`strip`, as the
 * eye sees it), or the whole screen under the bar when narrow. Nothing of ours lies over the frame:
 * the browser would count it as covered (../sidepanel/drawn.ts: Insert refused from a covered drawer).
 */
export function placeDrawerFrame(frame: HTMLIFrameElement, strip: () => number): () => void {
  frame.style.cssText = 'all:initial;border:0;z-index:2147482999;background:#fff;box-sizing:border-box;';
  return followViewport(() => {
    const box = visualBox();
    if (isNarrow(box)) {
      place(frame, box, 0, BAR, box.width, Math.max(0, box.height - BAR));
      frame.style.setProperty('border-left', '0', 'important');
      frame.style.setProperty('box-shadow', 'none', 'important');
    } else {
      const width = Math.min(420, box.width);
      place(frame, box, box.width - width, 0, width, Math.max(0, box.height - strip()));
      frame.style.setProperty('border-left', '1px solid #999', 'important');
      frame.style.setProperty('box-shadow', '-6px 0 24px rgba(0,0,0,.2)', 'important');
    }
  });
}
