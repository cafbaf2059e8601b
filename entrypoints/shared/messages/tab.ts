/**
 * Requests to a tab's content script (from the side panel, the drawer's frame, the background's
 * keyboard command), and their answers. The content script answers them by the page's features
 * (entrypoints/content/features/).
 */
import type { PostFacts } from '../../../lib/games/game';
import type { PageSummary } from '../../../lib/view';
import { type Check, checkDone, checkOk, conform, isRecord, isText, isWhole } from '../protocol';

const isTime = (x: unknown): x is number => isWhole(x) && x >= 0 && x < 1e11;
const isId = (x: unknown): x is string => isText(x, 40) && /^[\w.-]{1,40}$/.test(x);

/**
 * A table post's facts as a page sent them (`time`, `edit`, `authorId`: lib/games/game.ts's
 * `PostFacts`), each kept only when of its kind and size; what is absent stays absent (a forum
 * that shows no identity), and a field of the wrong kind reads as not shown (null).
 */
export function checkPostFacts(p: Record<string, unknown>): PostFacts {
  const out: PostFacts = {};
  if ('time' in p) out.time = isTime(p.time) ? p.time : null;
  if ('edit' in p) {
    const e = p.edit;
    out.edit = isRecord(e) ? { time: isTime(e.time) ? e.time : null, by: isText(e.by, 120) ? e.by : null } : null;
  }
  if ('authorId' in p) out.authorId = isId(p.authorId) ? p.authorId : null;
  return out;
}

/** The page's summary, from a content script of this version: its lists are lists. */
const checkSummary = (x: unknown): PageSummary | null =>
  isRecord(x) && isText(x.forum, 40) && isText(x.kind, 40) && ['rolls', 'sheets', 'failures', 'tablePosts', 'tableChecks'].every((k) => Array.isArray(x[k]))
    ? conform<PageSummary>(x, {
        forum: '',
        kind: 'unsupported',
        notice: null,
        url: '',
        gameId: null,
        threadId: null,
        title: null,
        viewer: null,
        rolls: [],
        sheets: [],
        hasReplyForm: false,
        failures: [],
        tablePosts: [],
        tableChecks: [],
        duel: null,
        thread: null,
      })
    : null;

/**
 * Every request a tab takes, by its type: the check of its fields (each of its kind), which the
 * content script reads it with. Each one's answer is checked by TAB_ANSWERS below (the panel's
 * side): two tables, so that each side's script carries its own checks alone.
 */
export const TAB_ASKS = {
  summary: isRecord,
  /** Jump to a roll's or a sheet's badge. */
  jump: (m): m is { id: string } => isRecord(m) && isText(m.id, 200),
  /** Put a post's text into the page's reply box; `seen`: whether the drawer is drawn as it is (null: cannot tell, or not the drawer). */
  insert: (m): m is { text: string; seen?: boolean | null } => isRecord(m) && isText(m.text),
  /** Read the duel again, with new duels starting at these posts. */
  refold: (m): m is { newDuelAt: number[] } => isRecord(m) && Array.isArray(m.newDuelAt) && m.newDuelAt.every(isWhole),
  /** Open or close the drawer (the keyboard command), or close it from inside its frame (Escape). */
  drawer: (m): m is { open?: boolean } => isRecord(m) && (m.open === undefined || typeof m.open === 'boolean'),
} satisfies Record<string, (m: unknown) => boolean>;

/** The answer to each request to a tab, by its type, as the panel (or the background) reads it. */
export const TAB_ANSWERS = {
  summary: checkSummary,
  jump: checkOk,
  insert: checkDone,
  refold: checkOk,
  drawer: checkOk,
} satisfies { [T in keyof typeof TAB_ASKS]: Check<unknown> };

export type TabType = keyof typeof TAB_ASKS;
/** What each request to a tab carries (`ask`) and what answers it. */
type Guarded<G> = G extends (m: unknown) => m is infer T ? T : never;
export type TabProtocol = { [T in TabType]: { ask: Guarded<(typeof TAB_ASKS)[T]>; answer: NonNullable<ReturnType<(typeof TAB_ANSWERS)[T]>> } };
/** A request to a tab, of type `T` (any, by default), as its check read it. */
export type TabRequest<T extends TabType = TabType> = { [K in T]: { type: K } & TabProtocol[K]['ask'] }[T];

/** A request to a tab, each field of its kind by its type's check (it comes from the extension's own pages, through the runtime). */
export const isTabRequest = (x: unknown): x is TabRequest =>
  isRecord(x) && typeof x.type === 'string' && Object.hasOwn(TAB_ASKS, x.type) && TAB_ASKS[x.type as TabType](x);
