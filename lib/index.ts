/**
 * Spark Scribe's public library: pure TypeScript, no DOM globals, no extension APIs.
 * Other tools and our acceptance checks import from here.
 *
 * Invalid arguments (negative pools, faces outside 1..10, unknown attributes, rarities or
 * keywords) throw an Error whose message names the argument and the allowed values.
 */

// ---- Dice: success pools on d10 (target 6, net modifier clamped to -5..+5) ----

/** Successes among `faces` (each 1..10) under one pool-wide modifier or one modifier per die. */
export { countSuccesses } from './dice/pool';
/** Exact distribution of successes for a pool (up to 1,000 dice): index k = P(exactly k). */
export { successDistribution } from './dice/pool';
/** P(at least `successes`) for a pool of `dice` under a modifier. */
export { chanceAtLeast } from './dice/pool';
/** Chance one die succeeds: (5 + clamped modifier) / 10. Expected successes of a pool. */
export { dieSuccessChance, expectedSuccesses, clampModifier, perDieModifiers, isSuccess } from './dice/pool';
/** Difficulty check (margin; difficulty 0 always succeeds) and contested rolls (Speed tie-break by face sum). */
export { checkDifficulty, contest } from './dice/contest';
/** Seeded roller: the same faces for the same seed string. */
export { rollSeeded, seededRoller } from './dice/roller';
export type { PoolModifier } from './dice/pool';
export type { CheckResult, ContestResult, ContestSide } from './dice/contest';

// ---- The Spark d10 ----

/** Successes needed to draw a card of a rarity (case-insensitive; throws for an unknown rarity). */
export { drawDifficulty, drawOutcome, findRarity, RARITIES } from './spark/draw';
/** XP to raise an attribute from one value to another (Source, Spark and Library attributes). */
export { xpCost, xpSpentOn, nextStep, maxCommonCopies, ATTRIBUTES, COLOURS } from './spark/attributes';
/** XP to add a keyword: level steps (X, Combat Casting, Regeneration), prerequisite discounts, Defender's refund. */
export { keywordCost, parseKeyword, KEYWORDS } from './spark/keywords';
/** Channeling (3-dice trades, per-colour land cap), Toughness rolls, initiative order, duel stakes. */
export {
  planChanneling,
  channelingResult,
  toughnessRoll,
  staggersFromDamage,
  initiativeOrder,
  lifeState,
  manaBurn,
} from './spark/duel';
/** Starting hand: a Unique-die roll mapped to deck positions, with the rarity limits. */
export { startingHand, startingHandLimits } from './spark/draw';
/** The character sheet: zod schema, tolerant text parser, canonical form, and the GM's audit. */
export { parseSheetText, formatSheet, looksLikeSheet } from './spark/sheet';
export { CharacterSheetSchema } from './spark/sheet-schema';
export { auditSheet, auditSheetText } from './spark/audit';
/** Per-game house rules ([setting] in the digest) with their defaults. */
export { DEFAULT_GAME_RULES } from './spark/settings';
export { GameRulesSchema } from './spark/rules-schema';
export type { Attribute, Colour } from './spark/attributes';
export type { Rarity, DrawOutcome } from './spark/draw';
export type { CharacterSheet } from './spark/sheet';
export type { SheetAudit, Finding } from './spark/audit';
export type { GameRules } from './spark/settings';

// ---- The game layer: each game folds its events into its own state ----

/**
 * What every game's engine offers: `setup`, and a pure `apply(state, event)` that returns the new
 * state and the event's outcome (a judgement, or a refusal naming its rule by id with its values).
 */
export { foldEvents, isRefusal, refusalText } from './games/game';
export type { Engine, Refusal, FoldResult, Step } from './games/game';

// ---- When Sparks Fly (seed 003) ----

/**
 * Run a match log to its state (`refused`: the first event not allowed; the events after it are
 * not applied), and the three cards of the n-th add auction drawn from the published seed.
 */
export { runSparksFly } from './games/sparks-fly/engine';
export { sparksFlyOffer } from './games/sparks-fly/offer';
/** A match's board and log as Discord messages, and a log read back from a state post or from those messages. */
export { sparksFlyDiscord } from './games/sparks-fly/discord';
export { readSparksFlyLog } from './games/sparks-fly/log-text';
export { discordMessages } from './post/discord';
/** Every rule and ruling the engine enforces, as shown in the help. */
export { SPARKS_FLY_RULES, sparksFlyRulings } from './games/sparks-fly/rulings';
export type { Player, SparksFlyLog, SparksFlyEvent, SparksFlyState } from './games/sparks-fly/engine';

// ---- Parlor Magic (seed 004) ----

/** A card from its notation (`KH`, `K♥`, `Kh`, `10d`, `10 of Diamonds`, `Queen of Spades`): type, stats, cost. Throws on bad notation. */
export { parlorCard } from './games/parlor/cards';
/** Spot counts, and rank / outrank / trump between two entities with the combat bonus and the reason in words. */
export { parlorCounts, parlorCompare, parlorCanCarry } from './games/parlor/ranks';
/** Groups, Domain Defense, court abilities, counterspells, the Trumps stack rule, land mana. */
export {
  parlorGroupCounts,
  parlorCompareGroups,
  parlorDomainDefense,
  parlorAbility,
  courtAbilities,
  parlorCounterspell,
  canPlayOnTrumps,
  landMana,
  parlorRulings,
} from './games/parlor/ranks';
/** A whole game from an open log (every card named): the state after each event, refusals named by rule. */
export { runParlor } from './games/parlor/engine';
export type { ParlorLog, ParlorEvent, ParlorState } from './games/parlor/engine';
/** Hidden hands: the commitment, the k-th pick from a pile, a sealed choice (docs/checking-by-hand.md). */
export { parlorCommit, parlorPick, parlorSeal } from './games/parlor/hidden';
/**
 * The public fold of a thread: `foldParlorThread(posts, { me?, from?, seen?, seenNonces?, l? })` with
 * posts `{ number, author, text, time?, edit?, authorId? }[]` in thread order gives the state (hands
 * as card codes or `'?'`), the nonce each ruler's next draw uses, a verdict per record-carrying post
 * and the result (unverified when a record was edited where the other side may have acted on it).
 * `threadRecords` gives the records a reader keeps per post, to pass back as `seen`.
 */
export { foldParlorThread, parlorGameStarts, threadNonces, threadRecords } from './games/parlor/thread';
export type {
  ThreadPost as ParlorThreadPost,
  ThreadOptions as ParlorThreadOptions,
  ParlorGame,
  ParlorPostCheck,
  PostVerdict as ParlorPostVerdict,
  ParlorResult,
  ParlorResultStatus,
  ParlorNonceRule,
  RulerInfo as ParlorRulerInfo,
} from './games/parlor/thread';
export type { Ruler as ParlorRuler, Card as ParlorCardCode } from './games/parlor/model';
export type { Suit, ParlorCard } from './games/parlor/cards';
export type { ParlorEntity } from './games/parlor/ranks';

// ---- Planeswalker cards on the duel table (seed 002) ----

/** Fold a planeswalker log: battlefield, graveyard, and every refused event with its rule in words. */
export { runPlaneswalkers, PLANESWALKER_RULES } from './games/planeswalkers/engine';
export type { Side, PwEvent, PlaneswalkerLog, PlaneswalkerState, Uniqueness } from './games/planeswalkers/engine';

// ---- Whose turn (issue 41) ----

/**
 * A thread's turns: `threadTurns(posts, { gm?, cast?, pace?, now, game? })` with posts
 * `{ number, author, time, edit, authorId }` (Unix seconds) gives who the thread waits on, since
 * which post and when, the deadline under the GM's pace rule `{ hours, weekends, zone }`, and
 * whether it is past; `game` is what the thread's game says (`gameTurns(gameId, input)`).
 */
export { threadTurns, castOf } from './turns/turns';
export type { ThreadTurns, TurnPost, TurnsOptions, Waiting, GameTurns } from './turns/turns';
export { gameTurns } from './turns/game';
export { dueAt, type PaceRule } from './turns/pace';
export { awayLine, readAway } from './turns/away';
export { nudgePost } from './turns/nudge';
export type { GameWait, TurnsInput } from './games/game';
