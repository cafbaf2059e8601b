/**
 * When the content script works: the posts the reader sees at once, the rest in the browser's
 * idle time, and off-screen badges as their posts come near.
 */

/** The longest a slice of reading may run before it gives the page back (ms), outside idle time. */
export const SLICE_MS = 8;
/**
 * In idle time a slice runs as long as the browser says the page is idle, up to this (ms): under
 * the 50 ms of a long task. (A callback asked for from an idle callback waits for the next idle
 * period, so a slice much shorter than the period leaves most of it unused.)
 */
export const IDLE_SLICE_MS = 40;
/** The first slice, which reads the thread down to the posts on screen before the first frame (ms). */
export const FIRST_SLICE_MS = 40;

type Idle = (cb: (deadline: { timeRemaining(): number; didTimeout: boolean }) => void, opts?: { timeout: number }) => number;

/**
 * Run `step` repeatedly in slices until it returns false. `urgent()` says whether the next slice
 * should run at once (a task of its own) rather than wait for idle time. Returns a handle that
 * runs the rest at once (`finish`) or drops it (`cancel`).
 */
export function sliced(step: () => boolean, urgent: () => boolean, done: () => void) {
  let scheduled = false;
  let finished = false;
  let cancelled = false;
  const idle: Idle | undefined = (globalThis as { requestIdleCallback?: Idle }).requestIdleCallback?.bind(globalThis);
  /** Steps for up to `limit` ms (and while `budget` lasts): whether that was the end. */
  const work = (limit: number, budget: () => number): boolean => {
    const started = performance.now();
    while (performance.now() - started < limit && budget() > 1) {
      if (!step()) {
        finished = true;
        done();
        return true;
      }
    }
    return false;
  };
  const slice = (limit: number, budget: () => number) => {
    scheduled = false;
    if (finished || cancelled) return;
    if (!work(limit, budget)) schedule();
  };
  const schedule = () => {
    if (scheduled || finished) return;
    scheduled = true;
    if (!urgent() && idle) idle((d) => (d.didTimeout ? slice(SLICE_MS, () => SLICE_MS) : slice(IDLE_SLICE_MS, () => d.timeRemaining())), { timeout: 50 });
    else setTimeout(() => slice(SLICE_MS, () => SLICE_MS), 0);
  };
  return {
    /** Start, or go on after more work was queued. */
    wake() {
      if (cancelled) return;
      finished = false;
      schedule();
    },
    /** One slice of `limit` ms now, whatever is scheduled (the rest goes on as it was). */
    now(limit: number) {
      if (!finished && !cancelled) work(limit, () => limit);
    },
    /** Do all that is left now (the panel asked for the whole thread). */
    finish() {
      if (finished || cancelled) return;
      while (step()) {
        /* the rest at once */
      }
      finished = true;
      done();
    },
    /** Drop what is left (the page was stopped). */
    cancel() {
      cancelled = finished = true;
    },
    get done() {
      return finished;
    },
  };
}

/** How many posts are taken to fill the first screen (more than a screen of short posts). */
export const FIRST_SCREEN_POSTS = 12;

/**
 * Where the posts on screen begin, without asking for the page's layout (which would force it
 * early, and again once the badges are in): at the `#N` anchor when the address has one (the
 * browser scrolls there), else at the top; the screen is then a dozen posts from there. `null`
 * while the page is still being parsed and the anchor's post is not in yet. Where the screen
 * holds more, or the browser restores another scroll position, the IntersectionObserver finds
 * the rest for the next frame.
 */
export function screenStart(doc: Document, messages: readonly Element[], hash: string, parsed: boolean): number | null {
  const n = messages.length;
  if (!hash || hash.length < 2) return 0;
  const target = anchorOf(doc, hash);
  if (!target || !n) return parsed ? 0 : null;
  const at = firstAtOrAfter(messages, target);
  const m = messages[at]!;
  // Every post so far is above the anchor: its own post is not handed over yet.
  if (m !== target && !m.contains(target) && m.compareDocumentPosition(target) & 4 /* FOLLOWING */) return parsed ? Math.max(0, at - 1) : null;
  // The post before the anchor too: a browser may stop short of the anchor at the page's end.
  return Math.max(0, at - 1);
}

/** The element `#N` names: RPOL marks each post with `<a id="N">` (or a name). */
function anchorOf(doc: Document, hash: string): Element | null {
  if (!hash || hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    /* a malformed escape: the raw text */
  }
  return doc.getElementById(id) ?? doc.getElementsByName(id)[0] ?? null;
}

/** The index of the post holding `el`, or the first post after it (page order). */
function firstAtOrAfter(messages: readonly Element[], el: Element): number {
  let lo = 0;
  let hi = messages.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const m = messages[mid]!;
    // Before `el` and not holding it: the answer is after mid.
    if (m !== el && !m.contains(el) && m.compareDocumentPosition(el) & 4 /* FOLLOWING */) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Run `job` once the next frame is drawn (a task after the frame's callbacks), or at once where
 * the page has no frames to wait for (no requestAnimationFrame, or a hidden tab, within 1 s).
 */
export function afterNextFrame(job: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    job();
  };
  if (typeof requestAnimationFrame !== 'function') {
    run();
    return;
  }
  requestAnimationFrame(() => setTimeout(run, 0));
  // A hidden tab draws no frames: the job still runs.
  setTimeout(run, 1000);
}
