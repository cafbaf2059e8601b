/**
 * The engine every game runs on. A game owns its state and folds events into it, one at a time,
 * in the order they happened (for a thread: page order). `apply` is pure: it returns the new
 * state and that event's outcome, a judgement or a refusal that names the rule the event breaks
 * (the state then stays as it was). Replaying the same events always gives the same state, which
 * is what makes undo, a second reader rebuilding a match from the thread, and spectator checks
 * possible. A refusal carries the rule's id and its values, never words: the reader's UI words
 * it in the reader's language (`refusalText`).
 */
import { type Key, type Locale, type Said, type SaidValues, say } from '../i18n';
import { errorText } from '../errors';
import type { PostRecords } from '../reading/records';
import type { SheetTest } from '../reading/sheets';

/** An event the rules do not allow: the rule (a catalogue key, the rule's own words), and what happened in its terms. */
export interface Refusal {
  refused: true;
  rule: Key;
  /** A message of its own for this case (it may quote the rule as `{rule}`); else the rule's words. */
  detail?: Key;
  values: SaidValues;
}

export const refuse = (rule: Key, detail?: Key, values: SaidValues = {}): Refusal =>
  detail ? { refused: true, rule, detail, values } : { refused: true, rule, values };

export const isRefusal = (x: unknown): x is Refusal => typeof x === 'object' && x !== null && (x as { refused?: unknown }).refused === true;

/** A refusal in words, in a language. */
export function refusalText(l: Locale, r: Refusal): string {
  return say(l, r.detail ? { key: r.detail, values: { ...r.values, rule: { key: r.rule, values: r.values } } } : { key: r.rule, values: r.values });
}

/** One event applied: the state after it, and what it came to (the game's judgement, or a refusal). */
export interface Step<State, Judgement> {
  state: State;
  outcome: Judgement | Refusal;
}

export interface Engine<Setup, State, Event, Judgement = null> {
  /** The state before the first event. */
  setup(options: Setup): State;
  /** One event: the new state and its outcome; after a refusal, the state it was given. */
  apply(state: State, event: Event): Step<State, Judgement>;
}

/** An event that came to nothing more than the new state. */
export const done = <State>(state: State): Step<State, null> => ({ state, outcome: null });
/** A refused event: the state stays. */
export const refused = <State>(state: State, r: Refusal): Step<State, never> => ({ state, outcome: r });

export interface FoldResult<State, Judgement> {
  state: State;
  /** Every event's outcome, by its index (refusals included). */
  outcomes: (Judgement | Refusal)[];
  /** Every refused event, by its index in the list: the rule's id and its values. */
  refused: { event: number; rule: Key; refusal: Refusal }[];
}

/**
 * Fold events into a state. `stopAtRefusal` ends the fold at the first refused event (a match
 * log whose later events depend on the refused one); otherwise a refused event is skipped.
 */
export function foldEvents<Setup, State, Event, Judgement>(
  game: Engine<Setup, State, Event, Judgement>,
  start: State,
  events: readonly Event[],
  stopAtRefusal = false,
): FoldResult<State, Judgement> {
  let state = start;
  const outcomes: (Judgement | Refusal)[] = [];
  const refusals: FoldResult<State, Judgement>['refused'] = [];
  for (let i = 0; i < events.length; i++) {
    let step: Step<State, Judgement>;
    try {
      step = game.apply(state, events[i] as Event);
    } catch (e) {
      step = { state, outcome: refuse('game.unreadable', undefined, { why: errorText(e) }) };
    }
    outcomes.push(step.outcome);
    if (isRefusal(step.outcome)) {
      refusals.push({ event: i, rule: step.outcome.rule, refusal: step.outcome });
      if (stopAtRefusal) break;
    } else state = step.state;
  }
  return { state, outcomes, refused: refusals };
}

/**
 * A post's last edit, as far as the forum shows it: when (Unix seconds) and by whom (RPOL names a
 * role, "GM" or "player"; a board, the editor's name); each null where the page does not say.
 */
export interface PostEdit {
  time: number | null;
  by: string | null;
}

/**
 * What a thread's post says of itself where the forum shows it (absent where it does not): when it
 * was first written (Unix seconds), its last edit, and the poster's forum identity (RPOL's character
 * id, a board's user id), which a display name is not: on RPOL anyone may post under any name.
 */
export interface PostFacts {
  time?: number | null;
  edit?: PostEdit | null;
  authorId?: string | null;
}

/** A thread's post that carries a game's record (forum-neutral: its number, author and text, and what the forum shows of it). */
export interface TablePost extends PostFacts {
  post: number;
  author: string;
  text: string;
}

/** A game's verdict on one of its table posts: it follows from its record, contradicts it, breaks a rule, or could not be read. */
export interface TableCheck {
  post: number;
  /** The game's id (lib/games/registry.ts). */
  game: string;
  verdict: 'follows' | 'mismatch' | 'rules' | 'unreadable';
  label: string;
  reasons: string[];
}

/** A stored shape and the way from each older version of it to the next. */
export interface Stored<T> {
  /** Validates (and fills defaults of) the stored value, in and out. */
  schema: { safeParse(x: unknown): { success: true; data: T } | { success: false } };
  version: number;
  /** From version n to n + 1, by n. */
  migrations: Record<number, (old: Record<string, unknown>) => Record<string, unknown>>;
}

/**
 * A stored value written at version `from`, brought to the shape's version step by step and then
 * validated. Null when that cannot be done: a version newer than this one, a missing step, a value
 * its schema refuses (the caller keeps such a value aside, as stored).
 */
export function readStored<T>(stored: Stored<T>, raw: unknown, from = 1): T | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || !Number.isInteger(from) || from < 1 || from > stored.version) return null;
  let value = { ...(raw as Record<string, unknown>) };
  for (let n = from; n < stored.version; n++) {
    const step = stored.migrations[n];
    if (!step) return null;
    value = step(value);
  }
  const parsed = stored.schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * A game's private data (a Parlor ruler's secrets): kept under its own storage key (never evicted,
 * never written with anything else but its move out of old tables), carried in the backup under
 * `field`, and taken from a file only as `merge` allows. Storage, backup and import loop over the
 * games that declare one, so a game with private data adds it here and nowhere else.
 */
export interface PrivateStore<T> {
  /** Its storage key. */
  key: string;
  /** Its part of a backup file. */
  field: string;
  /** Validates a value before it is written (`parse` throws), and a backup's part (`safeParse`). */
  schema: {
    parse(value: unknown): T;
    safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
  };
  empty(): T;
  /** The stored value, entry by entry: what cannot be read is kept aside, never dropped. */
  load(raw: unknown): T;
  /** `more` added to `live`: an entry held is never replaced; `imported` marks those from a file. */
  merge(live: T, more: T, imported: boolean): T;
  /** Its entries' ids (for the import question: new here, or held already). */
  ids(value: T): string[];
  /** Why a backup's valid part cannot be taken (an entry that does not match its id), or null. */
  problem?(file: T): Key | null;
  /** Entries older versions kept inside thread tables (the tables by thread key): moved to its own key when read. */
  inTables?(tables: unknown): T;
  /** A thread table without those entries (once they are in its own key; and a file's table never brings any). */
  withoutTableEntries?<Table extends object>(table: Table): Table;
  /** Its words: a backup's part not valid, a change not read back as written; and the import question's (how many, held already, take the new ones?, the warning). */
  words: { invalid: Key; notKept: Key; count: Key; same: Key; fresh: Key; warn: Key };
}

/**
 * What a game reads to say whose turn it is (lib/turns): the thread's posts as the page showed
 * them, its table posts, its rolls, what the page's fold of the game saw, and the table the panel
 * keeps for the thread. Forum-neutral: the forum's reader filled it.
 */
export interface TurnsInput {
  /** Every post read, in page order: its number and author. */
  posts: readonly { number: number; author: string }[];
  /** The posts that carry a game's records, in page order. */
  tablePosts: readonly TablePost[];
  /** The thread's rolls: the post, its author and the kind the reading game named. */
  rolls: readonly { post: number; author: string; kind: string }[];
  /** The players the page's fold of its game saw, and their turn order where it knows one (the duel's initiative); null off a fold. */
  seen: { players: readonly string[]; order: readonly string[] } | null;
  /** The game's table the panel keeps for this thread (its stored shape), or null. */
  table: unknown;
}

/** Someone a game waits on: who, since which post, for what (words not said yet), and the game's own deadline where it keeps a clock. */
export interface GameWait {
  name: string;
  since: number;
  what: Said;
  /** The game's own clock's end (Unix seconds): When Sparks Fly's decision and play clocks. */
  due?: number;
}

/** Whose turn a game says it is: where the game stands (words not said yet) and who it waits on (nobody: a game over, or waiting on no one by name). */
export interface GameTurnsOf {
  step: Said | null;
  waits: GameWait[];
}

/**
 * A game, listed once in lib/games/registry.ts: its id and name, how a thread is guessed to be
 * its own, its table posts' checks, its stored table and its engine. Its panel tabs are its views,
 * registered in components/games/registry.ts.
 */
export interface GameDef<Table = unknown> {
  id: string;
  /** The game's own name, as its players write it (the same in every language). */
  name: string;
  /** Whether a thread's table posts are this game's records. */
  guess(posts: readonly TablePost[]): boolean;
  /** Its verdicts on the thread's table posts (in page order), in `l`. */
  checkTablePosts?(posts: readonly TablePost[], thread: string, l: Locale): TableCheck[];
  /** What the panel keeps per thread for it. */
  stored: Stored<Table>;
  /** Its private data, if it has any (kept apart from the tables). */
  privateStore?: PrivateStore<unknown>;
  /** How it reads a thread's rolls and sheets, for a game that does (lib/thread.ts). */
  reading?: GameReading;
  /**
   * Where its fold may start without the posts before it (`posts` in page order: the numbers of
   * those posts): a long thread is read back from the page shown to the last such post
   * (lib/threads/read.ts). Listed again, for the content script, in lib/games/starts.ts.
   */
  foldStarts?(posts: readonly StartPost[]): number[];
  /** Whose turn it is in a thread of its, from what the thread shows (null: the game cannot tell; the cast rule then says). */
  turns?(input: TurnsInput): GameTurnsOf | null;
}

/** A post as a game's fold-start test reads it: its number, author, role and text, and whether the user marked a new duel there. */
export interface StartPost {
  post: number;
  author: string;
  role: string | null;
  text: string;
  marked?: boolean;
}

/**
 * What a game that reads a thread's rolls and sheets brings to the page's reader (lib/reading,
 * shared by every forum and game; lib/thread.ts puts the two together): what its sheets look
 * like, and its fold of each post's records, in page order, into what it shows (verdicts,
 * findings, sheets, its state after the post). A second game that reads rolls declares its own
 * reading; the page reader is not forked.
 */
export interface GameReading<Options = never, Scan = unknown> {
  sheets: SheetTest;
  /** Its fold of one thread, made from the page's options (the house rules, the reader's language, …). */
  Fold: new (
    options: Options,
  ) => { read(records: PostRecords): Scan };
}
