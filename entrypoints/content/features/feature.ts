/**
 * A feature of the content script: one thing a reader sees or the panel asks for, in a module of
 * its own. The page's kind picks which run; each starts with `init(context, signal)` and cleans up
 * when the signal aborts (the page is read again, or the extension is gone).
 */
import type { PageKind } from '../../../lib/forums/forum';
import type { Settings } from '../../../lib/settings/schema';
import type { PageContext } from '../page-context';

export interface Feature {
  id: string;
  /** The kinds of page it runs on. */
  on: readonly PageKind[];
  /** Whether the user's settings leave it on (always, when absent). */
  enabled?(settings: Settings): boolean;
  init(ctx: PageContext, signal: AbortSignal): void;
}
