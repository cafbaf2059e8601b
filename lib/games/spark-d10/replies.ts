/**
 * Replies in RPOL's markup (forum-formats §3): draw declarations, roll summaries, damage after
 * Toughness, XP spends and the sheet in canonical form. Numbers come from the rules engine.
 */
import { chanceAtLeast, clampModifier, countSuccesses, expectedSuccesses, successDistribution } from '../../dice/pool';
import { COLOUR_LAND, type Colour } from '../../spark/attributes';
import { chanceOfWear, damageTakenDistribution, expectedLands } from '../../spark/odds';
import type { RollRecord } from '../../rolls/record';
import { drawDifficulty, type Rarity } from '../../spark/draw';
import { toughnessRoll } from '../../spark/duel';
import { formatReason } from '../../spark/reason';
import { readSparkRoll } from '../../spark/reading';
import { formatSheet, type CharacterSheet } from '../../spark/sheet';
import { MAX_POST_LENGTH } from '../../forums/rpol/reply';
import { colourOutcome } from './summary';

const pct = (p: number) => `${(p * 100).toFixed(p > 0.995 || p < 0.005 ? 0 : 1)}%`;
const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
/** Text that goes into a post is the user's own; strip RuBB-looking brackets from names so they stay text. */
const plain = (s: string) => s.replace(/[<>[\]]/g, '').replace(/\s+/g, ' ').trim().slice(0, 120);

export interface RollInstructions {
  dice: string;
  reason: string;
  options: string[];
}

export interface DrawDeclaration {
  post: string;
  roll: RollInstructions;
  difficulty: number;
  chance: number;
}

/** A draw declaration: what to roll (Memory dice, the exact reason text, Record each die) and its odds. */
export function drawDeclaration(card: string, rarity: Rarity, memory: number, modifier = 0): DrawDeclaration {
  const name = plain(card) || 'a card';
  const difficulty = drawDifficulty(rarity);
  const chance = chanceAtLeast(memory, difficulty, modifier);
  const reason = formatReason({ kind: 'draw', card: name, rarity, modifier });
  const post = `<b>Draw declaration:</b> ${name} (${rarity})\n<small>${memory}d10${modifier ? ` at ${signed(clampModifier(modifier))} per die` : ''}, difficulty ${difficulty}: ${pct(chance)} to draw.</small>`;
  return { post, difficulty, chance, roll: { dice: `${memory}d10`, reason, options: ['Record each die'] } };
}

/** Roller settings for any Spark roll. */
export function rollInstructions(kind: Parameters<typeof formatReason>[0], dice: number): RollInstructions {
  const options = kind.kind === 'starting-hand' ? ['Record each die', 'Unique die'] : ['Record each die'];
  return { dice: kind.kind === 'starting-hand' ? `${dice}d<deck size>` : `${dice}d10`, reason: formatReason(kind), options };
}

/** A roll summary after rolling, from the Die Roller's log line (with its [roll=ID]). */
export function rollSummary(record: RollRecord): string {
  const reading = readSparkRoll(record);
  const tag = record.rollId ? `[roll=${record.rollId}]` : '';
  const title = plain(record.reason) || 'Roll';
  const lines = [`<b>${title}</b>${tag ? ` – ${tag}` : ''}`];
  if (reading.faces && reading.kind !== 'starting-hand' && reading.d10) {
    const modText = reading.modifier ? ` (${signed(reading.modifier)} per die)` : '';
    const outcome = reading.difficulty !== null ? `${reading.successes} vs ${reading.difficulty}: ${colourOutcome(reading.outcome)}` : colourOutcome(reading.outcome);
    lines.push(`Faces ${reading.faces.join(' ')}${modText} → ${outcome}`);
  } else if (reading.kind === 'starting-hand' && reading.faces) {
    lines.push(`Deck positions ${reading.faces.join(', ')}`);
  } else {
    lines.push(`${reading.outcome}${reading.notes.length ? ` <small>(${plain(reading.notes[0]!)})</small>` : ''}`);
  }
  return lines.join('\n');
}

/** Damage after a Toughness roll, with the wear from 1s. */
export function damageAfterToughness(damage: number, faces: readonly number[], modifier: number, life: number | null, rollId: string | null): string {
  const t = toughnessRoll(damage, faces, modifier);
  const ones = t.toughnessLost;
  const lines = [
    `<b>Toughness vs ${damage}</b>${rollId ? ` – [roll=${rollId}]` : ''}`,
    `Faces ${faces.join(' ') || '(no dice: Toughness 0)'}${modifier ? ` (${signed(clampModifier(modifier))} per die)` : ''} → ${t.successes} prevented.`,
    `<b>${t.damageTaken} damage taken</b>${life !== null ? `: Life ${life} → ${life - t.damageTaken}` : ''}.`,
  ];
  if (ones) lines.push(`Toughness ${faces.length} → ${t.toughnessAfter} (${ones === 1 ? 'a 1' : `${ones} ones`} rolled).`);
  return lines.join('\n');
}

export interface Purchase {
  what: string;
  xp: number;
}

/** The XP-spend post. */
export function xpSpendPost(purchases: readonly Purchase[], unspentBefore: number | null): string {
  const total = purchases.reduce((s, p) => s + p.xp, 0);
  const lines = ['<b>XP spend</b>', ...purchases.map((p) => `${plain(p.what)}: ${p.xp} XP`)];
  lines.push(`<b>Total: ${total} XP</b>${unspentBefore !== null ? ` · Unspent ${unspentBefore} → ${unspentBefore - total}` : ''}`);
  return lines.join('\n');
}

/** The sheet in canonical form, in a fixed-width block. The sheet parser reads it back unchanged. */
export function sheetPost(sheet: CharacterSheet): string {
  return `<tt>${formatSheet(sheet)}</tt>`;
}

/** Why a post cannot be sent as it is (RPOL's limit), or null. */
export function postProblem(text: string): string | null {
  return text.length > MAX_POST_LENGTH ? `The post is ${text.length} characters; RPOL takes at most ${MAX_POST_LENGTH}.` : null;
}


// ---- Declarations for the seven rolls, built from the sheet and the duel ----

export type BuildInput =
  | { kind: 'draw'; card: string; rarity: Rarity; memory: number; modifier: number }
  | { kind: 'channel'; colour: Colour; attribute: number; trades: number; carried: number; modifier: number; landsInPlay: number }
  | { kind: 'speed'; focus: number; modifier: number; opponent: { name: string; successes: number } | null }
  | { kind: 'damage'; power: number; modifier: number; target: { name: string; toughness: number; modifier: number } | null }
  | { kind: 'toughness'; toughness: number; damage: number; modifier: number; life: number | null }
  | { kind: 'ad-hoc'; source: string; sourceValue: number; spark: string; sparkValue: number; modifier: number; difficulty: number }
  | { kind: 'recovery'; toughness: number; modifier: number; difficulty: number };

export interface Declaration {
  post: string;
  roll: RollInstructions;
  /** The odds, in words, for the builder to show. */
  odds: string[];
  /** A distribution to chart: P(k) for k = 0.., with what k counts. */
  chart: { counts: string; p: number[]; highlightFrom?: number } | null;
}

const dice = (n: number) => `${n}d10`;
const at = (m: number) => (m ? ` at ${signed(clampModifier(m))} per die` : '');

export function buildDeclaration(input: BuildInput): Declaration | { error: string } {
  const options = ['Record each die'];
  switch (input.kind) {
    case 'draw': {
      if (!input.card.trim()) return { error: 'Name the card you declare.' };
      if (!Number.isInteger(input.memory) || input.memory < 1 || input.memory > 100) return { error: 'Memory (the number of dice) must be 1 to 100.' };
      const d = drawDeclaration(input.card, input.rarity, input.memory, input.modifier);
      return { post: d.post, roll: d.roll, odds: [`${pct(d.chance)} to draw (difficulty ${d.difficulty})`], chart: { counts: 'successes', p: successDistribution(input.memory, input.modifier), highlightFrom: d.difficulty } };
    }
    case 'channel': {
      const max = Math.floor(input.attribute / 3);
      if (input.attribute < 1) return { error: `${input.colour} is 0: there is nothing to channel.` };
      if (!Number.isInteger(input.trades) || input.trades < 0 || input.trades > max) return { error: `Trade 0 to ${max} sets of 3 dice.` };
      const rolled = input.attribute - input.trades * 3;
      const mod = input.carried + input.modifier;
      const room = Math.max(0, input.attribute - input.landsInPlay);
      const expected = expectedLands(rolled, mod, input.trades, room);
      const reason = formatReason({ kind: 'channel', colour: input.colour, modifier: mod });
      const land = COLOUR_LAND[input.colour];
      const post = [
        `<b>Channeling ${input.colour}</b> (${input.attribute} dice): ${rolled ? `roll ${dice(rolled)}${at(mod)}` : 'no dice rolled'}${input.trades ? `, ${input.trades * 3} traded for ${input.trades} automatic success${input.trades > 1 ? 'es' : ''}` : ''}.`,
        `<small>${input.carried ? `+${input.carried} per die from ${input.carried === 1 ? 'a failed draw' : `${input.carried} failed draws`}. ` : ''}${input.colour} lands in play ${input.landsInPlay} of ${input.attribute}: room for ${room}. Expected ${expected.toFixed(1)} ${land}${expected === 1 ? '' : 's'}.</small>`,
      ].join('\n');
      return {
        post,
        roll: { dice: rolled ? dice(rolled) : '(no roll)', reason, options },
        odds: [`expected lands ${expected.toFixed(2)} (room for ${room})`],
        chart: rolled ? { counts: `${land}s from the dice (plus ${input.trades} automatic)`, p: successDistribution(rolled, mod) } : null,
      };
    }
    case 'speed': {
      if (input.focus < 1) return { error: 'Focus is 0: no Speed dice.' };
      const p = successDistribution(input.focus, input.modifier);
      const beat = input.opponent ? p.reduce((s, q, k) => s + (k > input.opponent!.successes ? q : 0), 0) : null;
      const tie = input.opponent ? (p[input.opponent.successes] ?? 0) : null;
      const odds = [`expected ${expectedSuccesses(input.focus, input.modifier).toFixed(2)} successes`];
      if (beat !== null && tie !== null) odds.push(`${pct(beat)} to beat ${input.opponent!.name}’s ${input.opponent!.successes}, ${pct(tie)} to tie (then the faces decide)`);
      const post = `<b>Speed</b>: ${dice(input.focus)}${at(input.modifier)} (Focus ${input.focus}).`;
      return { post, roll: { dice: dice(input.focus), reason: formatReason({ kind: 'speed', modifier: input.modifier }), options }, odds, chart: { counts: 'successes', p, ...(input.opponent ? { highlightFrom: input.opponent.successes + 1 } : {}) } };
    }
    case 'damage': {
      if (input.power < 1) return { error: 'Power is 0: no damage dice.' };
      const odds = [`expected ${expectedSuccesses(input.power, input.modifier).toFixed(2)} damage`];
      let chart: Declaration['chart'] = { counts: 'damage dealt', p: successDistribution(input.power, input.modifier) };
      if (input.target) {
        const taken = damageTakenDistribution(input.power, input.modifier, input.target.toughness, input.target.modifier);
        const mean = taken.reduce((s, q, k) => s + q * k, 0);
        odds.push(`against ${input.target.name}’s Toughness ${input.target.toughness}: ${mean.toFixed(2)} damage taken on average, ${pct(1 - (taken[0] ?? 0))} to get any through`);
        chart = { counts: `damage ${input.target.name} takes`, p: taken, highlightFrom: 1 };
      }
      return { post: `<b>Damage</b>: ${dice(input.power)}${at(input.modifier)} (Power ${input.power}).`, roll: { dice: dice(input.power), reason: formatReason({ kind: 'damage', modifier: input.modifier }), options }, odds, chart };
    }
    case 'toughness': {
      if (!Number.isInteger(input.damage) || input.damage < 0) return { error: 'How much damage? A whole number.' };
      if (input.toughness < 1) return { error: 'At Toughness 0 there is no roll: the damage goes to Life.' };
      const saved = successDistribution(input.toughness, input.modifier);
      const taken = new Array<number>(input.damage + 1).fill(0);
      saved.forEach((q, s) => (taken[Math.max(0, input.damage - s)]! += q));
      const mean = taken.reduce((s, q, k) => s + q * k, 0);
      const odds = [`${mean.toFixed(2)} damage taken on average; ${pct(taken[0] ?? 0)} to take none`, `${pct(chanceOfWear(input.toughness))} that a 1 wears Toughness`];
      const post = `<b>Toughness vs ${input.damage}</b>: ${dice(input.toughness)}${at(input.modifier)} (current Toughness ${input.toughness})${input.life !== null ? `; Life ${input.life}` : ''}.`;
      return { post, roll: { dice: dice(input.toughness), reason: formatReason({ kind: 'toughness', damage: input.damage, modifier: input.modifier }), options }, odds, chart: { counts: 'damage taken', p: taken } };
    }
    case 'ad-hoc': {
      const n = input.sourceValue + input.sparkValue;
      if (n < 1) return { error: 'Both attributes are 0: no dice.' };
      const chance = chanceAtLeast(n, input.difficulty, input.modifier);
      const post = `<b>Ad-hoc: ${plain(input.source)} + ${plain(input.spark)}</b>: ${dice(n)}${at(input.modifier)} (${input.sourceValue} + ${input.sparkValue}), difficulty ${input.difficulty}: ${pct(chance)}.`;
      return { post, roll: { dice: dice(n), reason: formatReason({ kind: 'ad-hoc', attributes: [input.source, input.spark], modifier: input.modifier }), options }, odds: [`${pct(chance)} to meet difficulty ${input.difficulty}`], chart: { counts: 'successes', p: successDistribution(n, input.modifier), highlightFrom: input.difficulty } };
    }
    case 'recovery': {
      if (input.toughness < 1) return { error: 'Toughness is 0: no Recovery dice.' };
      const chance = chanceAtLeast(input.toughness, input.difficulty, input.modifier);
      const post = `<b>Recovery</b>: ${dice(input.toughness)}${at(input.modifier)} (Toughness ${input.toughness}), difficulty ${input.difficulty}: ${pct(chance)}.`;
      return { post, roll: { dice: dice(input.toughness), reason: formatReason({ kind: 'recovery', modifier: input.modifier }), options }, odds: [`${pct(chance)} to meet difficulty ${input.difficulty}`], chart: { counts: 'successes', p: successDistribution(input.toughness, input.modifier), highlightFrom: input.difficulty } };
    }
  }
}

export { badgeSummary } from './summary';
