/** What a roll means in The Spark d10: successes, difficulty, outcome, and the rule that gave it. */
import { chanceAtLeast, clampModifier, countSuccesses } from '../dice/pool';
import { diceCount, impossibleFace, isD10Pool, knownFaces, type RollRecord } from '../rolls/record';
import { COLOUR_LAND } from './attributes';
import { drawDifficulty } from './draw';
import { toughnessRoll } from './duel';
import { parseReason, type SparkReason, type SparkRollKind } from './reason';

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
  /** Short outcome for a badge: "drawn", "failed: +1 to channeling", "2 Islands" … */
  outcome: string;
  /** The rule that gave the outcome, in words. */
  rule: string;
  /** P(result ≥ difficulty) before the roll, for kinds with a difficulty. */
  chance: number | null;
  notes: string[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Read a roll. `modifierOverride` replaces the reason's modifier suffix (the what-if control).
 */
export function readSparkRoll(record: Pick<RollRecord, 'specs' | 'faces' | 'results' | 'reason' | 'rerollOnes'>, modifierOverride?: number): SparkReading {
  try {
    return readSparkRollOrThrow(record, modifierOverride);
  } catch (e) {
    const reason: SparkReason = { kind: 'other', text: '', modifier: 0 };
    const why = e instanceof Error ? e.message : String(e);
    return {
      kind: 'other',
      reason,
      d10: false,
      dice: 0,
      faces: null,
      modifier: 0,
      successes: null,
      difficulty: null,
      outcome: 'could not read',
      rule: `This roll could not be read: ${why.slice(0, 200)}`,
      chance: null,
      notes: [],
    };
  }
}

function readSparkRollOrThrow(record: Pick<RollRecord, 'specs' | 'faces' | 'results' | 'reason' | 'rerollOnes'>, modifierOverride?: number): SparkReading {
  const parsed = parseReason(record.reason);
  const reason = modifierOverride === undefined ? parsed : { ...parsed, modifier: modifierOverride };
  const d10 = isD10Pool(record);
  const dice = diceCount(record);
  const faces = knownFaces(record);
  const modifier = clampModifier(reason.modifier);
  const notes: string[] = [];
  const impossible = impossibleFace(record);
  if (impossible) notes.push(`⚠ The roll shows ${impossible}: no die can do that, so its successes are not counted.`);
  const base = { kind: reason.kind, reason, d10, dice, faces, modifier, difficulty: null, chance: null, notes };

  if (reason.kind === 'starting-hand') {
    const sides = record.specs[0]?.sides ?? 0;
    const positions = faces ?? [];
    const repeats = positions.filter((p, i) => positions.indexOf(p) !== i);
    if (!faces) notes.push('The positions were not recorded: tick Record each die (and Unique die).');
    if (repeats.length) notes.push(`Position ${repeats[0]} repeats: a starting hand is rolled with Unique die.`);
    return {
      ...base,
      successes: null,
      outcome: faces ? `hand: positions ${positions.join(', ')}` : `hand of ${dice}`,
      rule: `Starting hand: ${dice}d${sides} with Unique die; each face is a position in the ready deck list (Memory cards, at most Memory/3 Uncommons and Memory/4 Rares).`,
    };
  }

  if (!d10) {
    const total = record.results.join(', ');
    if (reason.kind !== 'other') notes.push(`The reason reads as a Spark d10 ${reason.kind} roll, but that is a pool of d10 with no total modifier; this roll used ${record.specs.map((s) => s.raw).join(', ') || 'no dice'}.`);
    return { ...base, kind: 'other', successes: null, outcome: `total ${total}`, rule: 'Not a d10 success pool: shown as the roller printed it.' };
  }
  if (record.rerollOnes) notes.push('Rolled with "Reroll 1\'s", which is not a Spark d10 option (and hides the 1s that wear Toughness).');

  const successes = faces ? countSuccesses(faces, modifier) : null;
  if (!faces) {
    notes.push(
      dice > MAX_RECORDED_FACES
        ? `RPOL records each die only up to ${MAX_RECORDED_FACES} dice: successes of this ${dice}-die pool cannot be counted.`
        : 'The faces were not recorded (tick Record each die): successes cannot be counted from the total.',
    );
  }
  const S = successes;
  const counted = S === null ? 'successes unknown' : plural(S, 'success', 'successes');
  const modText = modifier ? ` at ${modifier > 0 ? '+' : ''}${modifier} per die` : '';

  switch (reason.kind) {
    case 'draw': {
      if (!reason.rarity) {
        return { ...base, successes, outcome: counted, rule: 'Draw: write the rarity, as "Draw: Disenchant (Common)", to know the difficulty.' };
      }
      const difficulty = drawDifficulty(reason.rarity);
      const chance = chanceAtLeast(dice, difficulty, modifier);
      const rule = `Draw ${reason.rarity}: difficulty ${difficulty} (Basic Land 0, Common 2, Uncommon 3, Rare 4, Mythic/Legendary 5)${modText}; a failed draw gives +1 on the next Channeling.`;
      if (S === null) return { ...base, successes, difficulty, chance, outcome: `needs ${difficulty}`, rule };
      const drawn = S >= difficulty;
      const outcome = drawn ? (reason.rarity === 'Basic Land' ? 'drawn: +1 mana' : 'drawn') : 'failed: +1 to channeling';
      return { ...base, successes, difficulty, chance, outcome, rule };
    }
    case 'channel': {
      const land = reason.colour ? COLOUR_LAND[reason.colour] : 'basic land';
      const rule = `Channeling: each success is one ${land}, untapped; lands of a colour never exceed that colour's attribute. 3 dice may be traded for 1 automatic success.`;
      return { ...base, successes, outcome: S === null ? counted : plural(S, land), rule };
    }
    case 'toughness': {
      const rule = 'Toughness: damage taken = damage − successes (never below 0); every die showing 1 lowers Toughness by 1 for the duel.';
      if (S === null || !faces) return { ...base, successes, outcome: counted, rule };
      const wear = faces.filter((f) => f === 1).length;
      const wearText = wear ? `Toughness −${wear}` : 'no wear';
      if (reason.damage === undefined) return { ...base, successes, outcome: `${S} prevented, ${wearText}`, rule };
      const t = toughnessRoll(reason.damage, faces, modifier);
      return { ...base, successes, difficulty: null, outcome: `${plural(t.damageTaken, 'damage')} taken, ${wearText}`.replace('damages', 'damage'), rule };
    }
    case 'damage':
      return { ...base, successes, outcome: S === null ? counted : `${S} damage`, rule: 'Damage: each success is one damage dealt (Power dice).' };
    case 'recovery':
      return { ...base, successes, outcome: counted, rule: 'Recovery: Toughness dice, to recover from damage.' };
    case 'speed': {
      const sum = faces ? faces.reduce((a, b) => a + b, 0) : null;
      return {
        ...base,
        successes,
        outcome: S === null ? counted : `${counted}, faces sum ${sum}`,
        rule: 'Speed: order by successes, high first; a tie is broken by the sum of the faces; a full tie rolls again.',
      };
    }
    case 'ad-hoc':
      return { ...base, successes, outcome: counted, rule: `Ad-hoc roll: one Source + one Spark attribute${reason.attributes ? ` (${reason.attributes.join(' + ')})` : ''}; the GM sets the difficulty.` };
    default:
      return { ...base, successes, outcome: counted, rule: `A pool of d10: each die with face + modifier ≥ 6 is a success${modText}.` };
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
const NOT_A_CLAIM = /\b(?:not|no|none|never|didn[’']?t|did not|don[’']?t|do not|doesn[’']?t|isn[’']?t|wasn[’']?t|without|need(?:s|ed)?|required?|requires|must|would|could|if|hope|hoping|let'?s see|to get)\b|n[’']t\b/i;

/**
 * Claims typed near a roll: "3 successes", "drew it", "failed", "2 Mountains". A clause that
 * denies ("not drawn", "got none"), states a requirement ("needed 4", "you need 2") or asks
 * ("2 successes?") is not a claim.
 */
export function findClaim(text: string): Claim | null {
  const clauses = text.slice(0, 240).split(/(?<=[.!?;\n])\s*|\s+(?:but|and then)\s+/i);
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
export function claimMismatch(claim: Claim, reading: SparkReading): string | null {
  if (claim.successes !== undefined && reading.successes !== null && claim.successes !== reading.successes) {
    return `The post claims ${claim.successes} successes; the dice show ${reading.successes}.`;
  }
  if (claim.drawn !== undefined && reading.kind === 'draw' && reading.successes !== null && reading.difficulty !== null) {
    const drawn = reading.successes >= reading.difficulty;
    if (claim.drawn !== drawn) return `The post says "${claim.text}"; with ${reading.successes} against difficulty ${reading.difficulty} the draw ${drawn ? 'succeeded' : 'failed'}.`;
  }
  return null;
}
