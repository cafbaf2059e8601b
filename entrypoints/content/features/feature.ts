/**
 * A feature of the content script: one thing a reader sees or the panel asks for, in a module of
 * its own. The page's kind picks which run; each starts with `init(context, signal)` and cleans up
 * when the signal aborts (the page is read again, or the extension is gone).
 */
import type { PageKind } from '../../../lib/forums/forum';
import type { PageSettings } from '../../../lib/settings/defaults';
import type { PageContext } from '../page-context';

export interface Feature {
  /** The kinds of page it runs on (every kind, when absent). */
  on?: readonly PageKind[];
  /** Whether the user's settings leave it on (always, when absent). */
  enabled?(settings: PageSettings): boolean;
  init(ctx: PageContext, signal: AbortSignal): void;
}
