/** What a roll means in The Spark d10: successes, difficulty, outcome, and the rule that gave it. */
import { checkDifficulty } from '../dice/contest';
import { clampModifier, countSuccesses } from '../dice/pool';
import { diceCount, impossibleFace, impossibleText, isD10Pool, knownFaces, type RollRecord } from '../rolls/record';
import { drawDifficulty, drawOutcome } from './draw';
import { toughnessRoll } from './duel';
import { drawOutcomeText, landName, landsText, toughnessOutcomeText } from './outcomes';
import { parseReason, type SparkReason, type SparkRollKind } from './reason';
import { attributeName, kindName, rarityName, tl, type Locale } from '../i18n';
import { errorText } from '../errors';

/** RPOL records each die only up to 20 dice. */
export const MAX_RECORDED_FACES = 20;

export interface SparkReading {
  kind: SparkRollKind;
  reason: SparkReason;
  /** A pool of d10 with no total modifier. */
  d10: boolean;
  dice: number;
  faces: number[] | null;
  /** Net modifier on each die (clamped). */
  modifier: number;
  successes: number | null;
  difficulty: number | null;
  /** Short outcome for a badge: "drawn", "failed: +1 to channeling", "2 Islands" … (in the reading's language) */
  outcome: string;
  /** A draw's result, whatever the language (for colour): drawn, failed, or not a decided draw. */
  drawResult: 'drawn' | 'failed' | null;
  /** The rule that gave the outcome, in words. */
  rule: string;
  notes: string[];
}

/**
 * Read a roll. `modifierOverride` replaces the reason's modifier suffix (the what-if control);
 * `l` is the language of the words (the UI's, or a thread's for a post).
 */
export function readSparkRoll(
  record: Pick<RollRecord, 'specs' | 'faces' | 'results' | 'reason' | 'rerollOnes'>,
  modifierOverride?: number,
  l: Locale = 'en',
): SparkReading {
  try {
    return readSparkRollOrThrow(record, modifierOverride, l);
  } catch (e) {
    const reason: SparkReason = { kind: 'other', text: '', modifier: 0 };
    const why = errorText(e);
    return {
      kind: 'other',
      reason,
      d10: false,
      dice: 0,
      faces: null,
      modifier: 0,
      successes: null,
      difficulty: null,
      outcome: tl(l, 'read.couldNot'),
      drawResult: null,
      rule: tl(l, 'read.couldNotRule', { why: why.slice(0, 200) }),
      notes: [],
    };
  }
}

function readSparkRollOrThrow(
  record: Pick<RollRecord, 'specs' | 'faces' | 'results' | 'reason' | 'rerollOnes'>,
  modifierOverride: number | undefined,
  l: Locale,
): SparkReading {
  const parsed = parseReason(record.reason);
  const reason = modifierOverride === undefined ? parsed : { ...parsed, modifier: modifierOverride };
  const d10 = isD10Pool(record);
  const dice = diceCount(record);
  const faces = knownFaces(record);
  const modifier = clampModifier(reason.modifier);
  const notes: string[] = [];
  const impossible = impossibleFace(record);
  if (impossible) notes.push(tl(l, 'read.impossible', { face: impossibleText(l, impossible) }));
  const base = { kind: reason.kind, reason, d10, dice, faces, modifier, difficulty: null, notes, drawResult: null };

  if (reason.kind === 'starting-hand') {
    const sides = record.specs[0]?.sides ?? 0;
    const positions = faces ?? [];
    const repeats = positions.filter((p, i) => positions.indexOf(p) !== i);
    if (!faces) notes.push(tl(l, 'read.noPositions'));
    if (repeats.length) notes.push(tl(l, 'read.repeats', { n: repeats[0]! }));
    return {
      ...base,
      successes: null,
      outcome: faces ? tl(l, 'read.handPositions', { positions: positions.join(', ') }) : tl(l, 'read.handOf', { n: dice }),
      rule: tl(l, 'read.handRule', { dice, sides }),
    };
  }

  if (!d10) {
    const total = record.results.join(', ');
    if (reason.kind !== 'other')
      notes.push(tl(l, 'read.notD10Note', { kind: kindName(reason.kind, l), specs: record.specs.map((s) => s.raw).join(', ') || tl(l, 'read.noDice') }));
    return { ...base, kind: 'other', successes: null, outcome: tl(l, 'read.total', { total }), rule: tl(l, 'read.notD10Rule') };
  }
  if (record.rerollOnes) notes.push(tl(l, 'read.rerollOnes'));

  const successes = faces ? countSuccesses(faces, modifier) : null;
  if (!faces) {
    notes.push(dice > MAX_RECORDED_FACES ? tl(l, 'read.over20', { max: MAX_RECORDED_FACES, dice }) : tl(l, 'read.noFaces'));
  }
  const S = successes;
  const counted = S === null ? tl(l, 'read.unknown') : tl(l, 'badge.successes', { count: S });
  const modText = modifier ? tl(l, 'read.perDie', { modifier: `${modifier > 0 ? '+' : ''}${modifier}` }) : '';

  switch (reason.kind) {
    case 'draw': {
      if (!reason.rarity) {
        return { ...base, successes, outcome: counted, rule: tl(l, 'read.drawNoRarity') };
      }
      const difficulty = drawDifficulty(reason.rarity);
      const rule = tl(l, 'read.drawRule', { rarity: rarityName(reason.rarity, l), difficulty, mod: modText });
      if (S === null) return { ...base, successes, difficulty, outcome: tl(l, 'read.needs', { difficulty }), rule };
      const { drawn } = drawOutcome(reason.rarity, S);
      return { ...base, successes, difficulty, outcome: drawOutcomeText(l, reason.rarity, drawn), rule, drawResult: drawn ? 'drawn' : 'failed' };
    }
    case 'channel': {
      const rule = tl(l, 'read.channelRule', { land: landName(l, reason.colour, 1) });
      return { ...base, successes, outcome: S === null ? counted : landsText(l, reason.colour, S), rule };
    }
    case 'toughness': {
      const rule = tl(l, 'read.toughnessRule');
      if (S === null || !faces) return { ...base, successes, outcome: counted, rule };
      const r = toughnessRoll(reason.damage ?? 0, faces, modifier);
      const taken = reason.damage === undefined ? null : r.damageTaken;
      return { ...base, successes, outcome: toughnessOutcomeText(l, { taken, successes: S, wear: r.toughnessLost, after: null, staggered: false }), rule };
    }
    case 'damage':
      return { ...base, successes, outcome: S === null ? counted : tl(l, 'read.damage', { count: S }), rule: tl(l, 'read.damageRule') };
    case 'recovery':
      return { ...base, successes, outcome: counted, rule: tl(l, 'read.recoveryRule') };
    case 'speed': {
      const sum = faces ? faces.reduce((a, b) => a + b, 0) : null;
      return {
        ...base,
        successes,
        outcome: S === null ? counted : tl(l, 'read.speed', { counted, sum: sum ?? '?' }),
        rule: tl(l, 'read.speedRule'),
      };
    }
    case 'ad-hoc':
      return {
        ...base,
        successes,
        outcome: counted,
        rule: tl(l, 'read.adhocRule', { attributes: reason.attributes ? ` (${reason.attributes.map((a) => attributeName(a, l)).join(' + ')})` : '' }),
      };
    default:
      return { ...base, successes, outcome: counted, rule: tl(l, 'read.poolRule', { mod: modText }) };
  }
}

export interface Claim {
  text: string;
  successes?: number;
  drawn?: boolean;
  /** "2 Mountains", "3 lands": basic lands the post says the Channeling put into play. */
  lands?: number;
}

const CLAIM_SUCCESSES = /\b(\d{1,3})\s*(?:successes|success|succ?s?\b|hits\b)/i;
const CLAIM_DRAWN = /\b(drew it|drew the card|drawn|i draw it|got it|draw succeeds|successful draw)\b/i;
const CLAIM_FAILED = /\b(failed|fails|fail|missed it|no draw)\b/i;
const CLAIM_LANDS = /\b(\d{1,3})\s*(?:basic\s+)?(?:lands?|plains|islands?|swamps?|mountains?|forests?)\b/i;
/** A clause that denies, states a requirement or asks is not a claim about this roll. */
const NOT_A_CLAIM =
  /\b(?:not|no|none|never|didn[’']?t|did not|don[’']?t|do not|doesn[’']?t|isn[’']?t|wasn[’']?t|without|need(?:s|ed)?|required?|requires|must|would|could|if|hope|hoping|let'?s see|to get)\b|n[’']t\b/i;

/**
 * Claims typed near a roll: "3 successes", "drew it", "failed", "2 Mountains". A clause that
 * denies ("not drawn", "got none"), states a requirement ("needed 4", "you need 2") or asks
 * ("2 successes?") is not a claim.
 */
export function findClaim(text: string): Claim | null {
  const clauses = text.slice(0, 240).split(/(?<=[.!?;\n])\s*|(?<!\s)\s+(?:but|and then)\s+/i);
  for (const raw of clauses) {
    const t = raw.trim();
    if (!t || t.endsWith('?') || NOT_A_CLAIM.test(t)) continue;
    const s = CLAIM_SUCCESSES.exec(t);
    const drawn = CLAIM_DRAWN.exec(t);
    const failed = CLAIM_FAILED.exec(t);
    const lands = CLAIM_LANDS.exec(t);
    if (!s && !drawn && !failed && !lands) continue;
    const claim: Claim = { text: [s?.[0], drawn?.[0], failed?.[0], lands?.[0]].filter(Boolean).join(', ') };
    if (s) claim.successes = Number(s[1]);
    if (drawn && !failed) claim.drawn = true;
    if (failed && !drawn) claim.drawn = false;
    if (lands) claim.lands = Number(lands[1]);
    return claim;
  }
  return null;
}

/** Where a claim disagrees with the computed reading, in words; null when it agrees. */
export function claimMismatch(claim: Claim, reading: SparkReading, l: Locale = 'en'): string | null {
  if (claim.successes !== undefined && reading.successes !== null && claim.successes !== reading.successes) {
    return tl(l, 'read.claimSuccesses', { claimed: claim.successes, actual: reading.successes });
  }
  if (claim.drawn !== undefined && reading.kind === 'draw' && reading.successes !== null && reading.difficulty !== null) {
    const drawn = checkDifficulty(reading.successes, reading.difficulty).succeeded;
    if (claim.drawn !== drawn)
      return tl(l, 'read.claimDraw', {
        text: claim.text,
        successes: reading.successes,
        difficulty: reading.difficulty,
        result: tl(l, drawn ? 'read.succeeded' : 'read.failedWord'),
      });
  }
  return null;
}
