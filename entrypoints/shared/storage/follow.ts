/**
 * The followed threads (lib/turns/followed.ts): one stored item, changed in its turn by the panel
 * (Follow, the pace rule, the GM, the cast, your name per forum) and the background (each page
 * read). A store of a newer version is never written over. The pages read of threads not followed
 * are kept for the session only (the last few, in session storage): a Follow from the panel then
 * finds the page's posts at once.
 */
import { browser } from 'wxt/browser';
import { t } from '../../../components/locale';
import {
  emptyFollowStore,
  FOLLOW_VERSION,
  type Followed,
  FollowedSchema,
  type FollowStore,
  FollowStoreSchema,
  loadFollowStore,
  MAX_FOLLOWED,
} from '../../../lib/turns/followed';
import { browserContext, inTurn, type ItemContext, type StoredItem, storedItem } from './item';

export const FOLLOW_KEY = 'followed';
const RECENT_KEY = 'turnsRecent';
/** Pages of threads not followed, kept for the session. */
const RECENT = 12;

export type FollowReason = NonNullable<Followed['auto']>;

/** The followed threads in one context (the browser's, or a test's). */
export class FollowKeeper {
  readonly item: StoredItem<FollowStore>;

  constructor(
    context: ItemContext,
    /** The session's store (absent: nothing is kept for a later Follow). */
    private readonly session: { get(k: string): Promise<Record<string, unknown>>; set(v: Record<string, unknown>): Promise<void> } | null,
  ) {
    this.item = storedItem(FOLLOW_KEY, FollowStoreSchema, emptyFollowStore, { load: loadFollowStore, context });
  }

  read = (): Promise<FollowStore> => this.item.read();

  /** Change the store in its turn; refused (it throws) when a newer version's store is there. */
  change = (change: (s: FollowStore) => FollowStore): Promise<FollowStore> => {
    const { context, key } = this.item;
    return inTurn(context, [key], async () => {
      const raw = (await context.area.get(key))[key] as { version?: unknown } | undefined;
      if (raw && typeof raw.version === 'number' && raw.version > FOLLOW_VERSION) throw new Error(t('tu.newerStore', { version: raw.version }));
      const next = change(this.item.from({ [key]: raw }));
      await context.area.set(this.item.entry(next));
      return next;
    });
  };

  /** One thread changed (its entry as it is, or null), the rest as they are. */
  changeThread = (key: string, change: (f: Followed | null) => Followed | null): Promise<FollowStore> =>
    this.change((s) => {
      const next = change(s.threads[key] ?? null);
      const threads = { ...s.threads };
      if (next) threads[key] = FollowedSchema.parse(next);
      else delete threads[key];
      return { ...s, threads: capped(threads) };
    });

  /** Follow or stop following a thread: its kept page (from this session) when there is one, else `base`. */
  follow = async (base: Followed, on: boolean): Promise<FollowStore> => {
    const recent = on ? await this.recent(base.key) : null;
    return this.changeThread(base.key, (f) => ({ ...(f ?? recent ?? base), on, auto: on ? (f?.auto ?? null) : null, followedAt: Date.now() }));
  };

  /** A page read: kept for a thread followed (or now followed by itself, `auto`); for another, kept for the session. */
  keepPage = async (key: string, read: (prev: Followed | null) => Followed, auto: FollowReason | null): Promise<void> => {
    let left: Followed | null = null;
    await this.changeThread(key, (f) => {
      if (f?.on) return read(f);
      if (!f && auto) return { ...read(null), on: true, auto, followedAt: Date.now() };
      left = f ? null : read(null);
      return f;
    });
    if (left) await this.keepRecent(left);
  };

  private async recent(key: string): Promise<Followed | null> {
    try {
      const kept = (await this.session?.get(RECENT_KEY))?.[RECENT_KEY];
      const entry = (Array.isArray(kept) ? kept : []).find((x: { key?: unknown }) => x?.key === key);
      const f = FollowedSchema.safeParse(entry);
      return f.success ? f.data : null;
    } catch {
      return null;
    }
  }

  private async keepRecent(f: Followed): Promise<void> {
    try {
      const kept = (await this.session?.get(RECENT_KEY))?.[RECENT_KEY];
      const others = (Array.isArray(kept) ? kept : []).filter((x: { key?: unknown }) => x?.key !== f.key);
      await this.session?.set({ [RECENT_KEY]: [...others.slice(-(RECENT - 1)), f] });
    } catch {
      /* no session store: a Follow then waits for the page to be read again */
    }
  }
}

/** At most MAX_FOLLOWED threads: the oldest turned off go first, then the oldest read. */
function capped(threads: Record<string, Followed>): Record<string, Followed> {
  const keys = Object.keys(threads);
  if (keys.length <= MAX_FOLLOWED) return threads;
  const order = keys.sort((a, b) => Number(threads[a]!.on) - Number(threads[b]!.on) || threads[a]!.readAt - threads[b]!.readAt);
  const out = { ...threads };
  for (const k of order.slice(0, keys.length - MAX_FOLLOWED)) delete out[k];
  return out;
}

const sessionArea = (
  browser.storage as unknown as { session?: { get(k: string): Promise<Record<string, unknown>>; set(v: Record<string, unknown>): Promise<void> } }
).session;

/** The followed threads of this context. */
export const followKeeper = new FollowKeeper(browserContext, sessionArea ?? null);
