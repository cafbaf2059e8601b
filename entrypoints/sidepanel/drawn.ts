/**
 * Whether the drawer is drawn as it is (issue 42, item 2). A page can make the drawer's frame
 * invisible (opacity, a filter, a transform) or put a decoy over it, and lure the user's clicks
 * onto it. Chrome's IntersectionObserver v2 (`trackVisibility`) tells this frame, from outside the
 * page's reach, whether it is drawn unchanged and uncovered in the whole page. Insert asks it (and
 * the page refuses the text when the drawer is hidden or covered, ../content/features/
 * panel-answers.extras.ts). Firefox has no such observer: `null`, and a reveal's typed word is the
 * guard there (docs/security.md).
 */

type SeenEntry = IntersectionObserverEntry & { isVisible?: boolean };

/** Has the browser a visibility observer (IntersectionObserver v2)? */
const canTell = (): boolean => typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;

// `trackVisibility` and `delay` are v2's (newer DOM typings only); 100 ms is the least delay it takes.
const OPTIONS = { trackVisibility: true, delay: 100, threshold: [0] } as IntersectionObserverInit;

/** The browser's latest word (kept up to date while the drawer is open); null until it has said. */
let latest: boolean | null = null;

/** One fresh reading of this document: is it drawn as it is? */
const readOnce = (): Promise<boolean> =>
  new Promise((done) => {
    const io = new IntersectionObserver((entries) => {
      io.disconnect();
      done((entries[entries.length - 1] as SeenEntry | undefined)?.isVisible === true);
    }, OPTIONS);
    io.observe(document.documentElement);
  });

/** In the drawer's frame: follow the browser's word from now on. */
export function watchDrawn(): void {
  if (!canTell()) return;
  new IntersectionObserver((entries) => {
    latest = (entries[entries.length - 1] as SeenEntry | undefined)?.isVisible === true;
  }, OPTIONS).observe(document.documentElement);
}

/**
 * Is the drawer drawn as it is, now? Null where the browser cannot tell. A frame that moved a
 * moment ago (the page scrolled on a phone, the panel grew) reads hidden for about the delay: a
 * hidden word is asked again, twice, before it stands.
 */
export async function drawnNow(): Promise<boolean | null> {
  if (!canTell()) return null;
  if (latest === true) return true;
  for (let i = 0; i < 2; i++) {
    if (await readOnce()) return true;
    await new Promise((r) => setTimeout(r, 150));
  }
  return readOnce();
}
