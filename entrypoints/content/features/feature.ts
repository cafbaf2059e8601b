/**
 * A feature of the content script: one thing a reader sees or the panel asks for, in a module of
 * its own. The page's kind picks which run; each starts with `init(context, signal)` and cleans up
 * when the signal aborts (the page is read again, or the extension is gone).
 *
 * A feature with a lazy half keeps it in `<feature>.extras.ts` beside it: what the extras script
 * (extras.js, put in when a page first needs it) holds for the feature, its entries by name. The
 * feature names the half's type (`Feature<typeof half>`) and loads it with `loadExtras<typeof half>()`;
 * the extras' interface is every feature's half (./index.ts's Extras).
 */
import type { PageKind } from '../../../lib/forums/forum';
import type { PageSettings } from '../../../lib/settings/defaults';
import type { PageContext } from '../page-context';

export interface Feature<Half = never> {
  /** The kinds of page it runs on (every kind, when absent). */
  on?: readonly PageKind[];
  /** Whether the user's settings leave it on (always, when absent). */
  enabled?(settings: PageSettings): boolean;
  init(ctx: PageContext, signal: AbortSignal): void;
  /** Never set: the type of what the feature keeps in the extras (its `<feature>.extras.ts`). */
  readonly half?: Half;
}
