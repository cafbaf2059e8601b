/**
 * Replies as post documents (lib/post/doc.ts; each forum writes them in its markup): draw
 * declarations, roll summaries, damage after Toughness, XP spends and the sheet in canonical form.
 * Numbers come from the rules engine. A post is in `l`, the thread's language; the odds and
 * errors the builder shows are in `u`, the UI's. A roll's reason stays in the form every reader
 * parses, whatever the language.
 */
import { type Key, type Locale, colourName, formatPercent, tl } from '../../i18n';
import { b, clip, fill, type Inline, type PostDoc, line, small } from '../../post/doc';
import { chanceAtLeast, clampModifier, expectedSuccesses, successDistribution } from '../../dice/pool';
import type { RollRecord } from '../../rolls/record';
import { COLOUR_LAND, type Colour } from '../../spark/attributes';
import { drawDifficulty, type Rarity } from '../../spark/draw';
import { capRoom, maxTrades, planChanneling, toughnessRoll } from '../../spark/duel';
import { chanceOfWear, damageTakenDistribution, expectedLands, takenDistribution } from '../../spark/odds';
import { landName } from '../../spark/outcomes';
import { formatReason } from '../../spark/reason';
import { readSparkRoll } from '../../spark/reading';
import { type CharacterSheet, formatSheet } from '../../spark/sheet';
import { rollTitle, scoredOutcome, signed } from './summary';

/** A chance as a language writes it. */
const pctIn = (l: Locale, p: number) => formatPercent(p, p > 0.995 || p < 0.005 ? 0 : 1, l);
const fixed = (l: Locale, n: number, d: number) =>
  n.toLocaleString(l === 'it' ? 'it-IT' : 'en-GB', { minimumFractionDigits: d, maximumFractionDigits: d, useGrouping: false });
const dice = (n: number) => `${n}d10`;
const OPTIONS = ['Record each die'];

export interface RollInstructions {
  dice: string;
  reason: string;
  options: string[];
}

export interface DrawDeclaration {
  post: PostDoc;
  roll: RollInstructions;
  difficulty: number;
  chance: number;
}

/** A draw declaration: what to roll (Memory dice, the exact reason text, Record each die) and its odds. */
export function drawDeclaration(card: string, rarity: Rarity, memory: number, modifier = 0, l: Locale = 'en'): DrawDeclaration {
  const name = clip(card.replace(/[<>[\]]/g, '')) || tl(l, 'reply.aCard');
  const difficulty = drawDifficulty(rarity);
  const chance = chanceAtLeast(memory, difficulty, modifier);
  const reason = formatReason({ kind: 'draw', card: name, rarity, modifier });
  const at = modifier ? tl(l, 'reply.atPerDie', { modifier: signed(clampModifier(modifier)) }) : '';
  const post = [
    line(...fill(l, 'reply.drawDecl', { head: b(tl(l, 'reply.drawDecl.head')), name, rarity })),
    line(small(tl(l, 'reply.drawOdds', { dice: dice(memory), at, difficulty, percent: pctIn(l, chance) }))),
  ];
  return { post, difficulty, chance, roll: { dice: dice(memory), reason, options: OPTIONS } };
}

/** Roller settings for any Spark roll. */
export function rollInstructions(kind: Parameters<typeof formatReason>[0], count: number): RollInstructions {
  const hand = kind.kind === 'starting-hand';
  return { dice: hand ? `${count}d<deck size>` : dice(count), reason: formatReason(kind), options: hand ? [...OPTIONS, 'Unique die'] : OPTIONS };
}

/** A roll summary after rolling, from the Die Roller's log line (with its roll reference). */
export function rollSummary(record: RollRecord, l: Locale = 'en'): PostDoc {
  const reading = readSparkRoll(record, undefined, l);
  const title = line(...rollTitle(record.reason, record.rollId, l));
  if (reading.faces && reading.kind !== 'starting-hand' && reading.d10) {
    const mod = reading.modifier ? tl(l, 'reply.perDie', { modifier: signed(reading.modifier) }) : '';
    const outcome = scoredOutcome(reading.successes, reading.difficulty, reading.outcome, reading.drawResult);
    return [title, line(...fill(l, 'reply.faces', { faces: reading.faces.join(' '), mod, outcome }))];
  }
  if (reading.kind === 'starting-hand' && reading.faces) return [title, line(tl(l, 'reply.positions', { positions: reading.faces.join(', ') }))];
  return [title, line(reading.outcome, ...(reading.notes.length ? [' ', small(`(${clip(reading.notes[0]!)})`)] : []))];
}

/** Damage after a Toughness roll, with the wear from 1s. */
export function damageAfterToughness(
  damage: number,
  faces: readonly number[],
  modifier: number,
  life: number | null,
  rollId: string | null,
  l: Locale = 'en',
): PostDoc {
  const r = toughnessRoll(damage, faces, modifier);
  const mod = modifier ? tl(l, 'reply.perDie', { modifier: signed(clampModifier(modifier)) }) : '';
  const post = [
    line(...rollTitle(tl(l, 'reply.toughnessVs', { damage }), rollId, l)),
    line(tl(l, 'reply.prevented', { faces: faces.join(' ') || tl(l, 'reply.noDice'), mod, count: r.successes })),
    line(b(tl(l, 'reply.taken', { count: r.damageTaken })), life !== null ? tl(l, 'reply.lifeChange', { from: life, to: life - r.damageTaken }) : '', '.'),
  ];
  if (r.toughnessLost) post.push(line(tl(l, 'reply.wear', { count: r.toughnessLost, from: faces.length, to: r.toughnessAfter })));
  return post;
}

export interface Purchase {
  what: string;
  xp: number;
}

/** The XP-spend post. */
export function xpSpendPost(purchases: readonly Purchase[], unspentBefore: number | null, l: Locale = 'en'): PostDoc {
  const total = purchases.reduce((s, p) => s + p.xp, 0);
  return [
    line(b(tl(l, 'reply.xpSpend'))),
    ...purchases.map((p) => line(tl(l, 'reply.xpItem', { what: clip(p.what), xp: p.xp }))),
    line(b(tl(l, 'reply.xpTotal', { total })), unspentBefore !== null ? tl(l, 'reply.xpUnspent', { from: unspentBefore, to: unspentBefore - total }) : ''),
  ];
}

/** The sheet in canonical form, in a fixed-width block. The sheet parser reads it back unchanged. */
export function sheetPost(sheet: CharacterSheet): PostDoc {
  return [{ pre: formatSheet(sheet) }];
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
  post: PostDoc;
  roll: RollInstructions;
  /** The odds, in words, for the builder to show. */
  odds: string[];
  /** A distribution to chart: P(k) for k = 0.., with what k counts. */
  chart: { counts: string; p: number[]; highlightFrom?: number } | null;
}

type Built = Declaration | { error: string };

/** What every builder needs: the thread's language and the UI's, and their number formats. */
interface Words {
  l: Locale;
  u: Locale;
  /** " at +1 per die" in the post's language. */
  at(modifier: number): string;
  /** A chance in the UI's language (odds), or in the post's. */
  ui(p: number): string;
  pct(p: number): string;
  num(n: number, digits: number): string;
}

/** A declaration's line: its bold head inside the message. */
const headed = (w: Words, key: Key, head: Inline, params: Record<string, string | number>): PostDoc => [line(...fill(w.l, key, { head: b(head), ...params }))];

const BUILDERS: { [K in BuildInput['kind']]: (input: Extract<BuildInput, { kind: K }>, w: Words) => Built } = {
  draw(input, w) {
    if (!input.card.trim()) return { error: tl(w.u, 'reply.err.card') };
    if (!Number.isInteger(input.memory) || input.memory < 1 || input.memory > 100) return { error: tl(w.u, 'reply.err.memory') };
    const d = drawDeclaration(input.card, input.rarity, input.memory, input.modifier, w.l);
    const chart = { counts: tl(w.u, 'reply.chart.successes'), p: successDistribution(input.memory, input.modifier), highlightFrom: d.difficulty };
    return { post: d.post, roll: d.roll, odds: [tl(w.u, 'reply.odds.draw', { percent: w.ui(d.chance), difficulty: d.difficulty })], chart };
  },
  channel(input, w) {
    const max = maxTrades(input.attribute);
    if (input.attribute < 1) return { error: tl(w.u, 'reply.err.nothing', { colour: colourName(input.colour, w.u) }) };
    if (!Number.isInteger(input.trades) || input.trades < 0 || input.trades > max) return { error: tl(w.u, 'reply.err.trades', { max }) };
    const plan = planChanneling(input.colour, input.attribute, input.trades, input.carried, input.modifier);
    const mod = input.carried + input.modifier;
    const room = capRoom(input.attribute, input.landsInPlay)!;
    const expected = expectedLands(plan.rolledDice, mod, plan.autoSuccesses, room);
    const land = COLOUR_LAND[input.colour];
    const colour = colourName(input.colour, w.l);
    const rolled = plan.rolledDice ? tl(w.l, 'reply.channel.roll', { dice: dice(plan.rolledDice), at: w.at(mod) }) : tl(w.l, 'reply.channel.none');
    const traded = input.trades ? tl(w.l, 'reply.channel.traded', { dice: input.attribute - plan.rolledDice, count: input.trades }) : '';
    const carried = input.carried ? tl(w.l, 'reply.channel.carried', { n: input.carried, count: input.carried }) : '';
    const roomText = tl(w.l, 'reply.channel.room', {
      colour,
      lands: input.landsInPlay,
      attribute: input.attribute,
      room,
      expected: fixed(w.l, expected, 1),
      land: landName(w.l, input.colour, expected === 1 ? 1 : 2),
    });
    const post = [
      ...headed(w, 'reply.channel', tl(w.l, 'reply.channel.head', { colour }), { attribute: input.attribute, rolled, traded }),
      line(small(carried, roomText)),
    ];
    const chart = plan.rolledDice
      ? {
          counts: tl(w.u, 'reply.chart.lands', { land: tl(w.u, `land.${land}` as Key, { count: 2 }), trades: input.trades }),
          p: successDistribution(plan.rolledDice, mod),
        }
      : null;
    const reason = formatReason({ kind: 'channel', colour: input.colour, modifier: mod });
    return {
      post,
      roll: { dice: plan.rolledDice ? dice(plan.rolledDice) : tl(w.u, 'reply.noRoll'), reason, options: OPTIONS },
      odds: [tl(w.u, 'reply.odds.lands', { expected: w.num(expected, 2), room })],
      chart,
    };
  },
  speed(input, w) {
    if (input.focus < 1) return { error: tl(w.u, 'reply.err.focus0') };
    const p = successDistribution(input.focus, input.modifier);
    const odds = [tl(w.u, 'reply.odds.expected', { mean: w.num(expectedSuccesses(input.focus, input.modifier), 2) })];
    const them = input.opponent;
    if (them) {
      const beat = p.reduce((s, q, k) => s + (k > them.successes ? q : 0), 0);
      odds.push(tl(w.u, 'reply.odds.beat', { beat: w.ui(beat), name: them.name, successes: them.successes, tie: w.ui(p[them.successes] ?? 0) }));
    }
    const post = headed(w, 'reply.speed', tl(w.l, 'reply.speed.head'), { dice: dice(input.focus), at: w.at(input.modifier), focus: input.focus });
    const chart = { counts: tl(w.u, 'reply.chart.successes'), p, ...(them ? { highlightFrom: them.successes + 1 } : {}) };
    return { post, roll: { dice: dice(input.focus), reason: formatReason({ kind: 'speed', modifier: input.modifier }), options: OPTIONS }, odds, chart };
  },
  damage(input, w) {
    if (input.power < 1) return { error: tl(w.u, 'reply.err.power0') };
    const odds = [tl(w.u, 'reply.odds.damage', { mean: w.num(expectedSuccesses(input.power, input.modifier), 2) })];
    let chart: Declaration['chart'] = { counts: tl(w.u, 'reply.chart.dealt'), p: successDistribution(input.power, input.modifier) };
    const target = input.target;
    if (target) {
      const taken = damageTakenDistribution(input.power, input.modifier, target.toughness, target.modifier);
      const mean = taken.reduce((s, q, k) => s + q * k, 0);
      odds.push(tl(w.u, 'reply.odds.against', { name: target.name, toughness: target.toughness, mean: w.num(mean, 2), percent: w.ui(1 - (taken[0] ?? 0)) }));
      chart = { counts: tl(w.u, 'reply.chart.takes', { name: target.name }), p: taken, highlightFrom: 1 };
    }
    const post = headed(w, 'reply.damage', tl(w.l, 'reply.damage.head'), { dice: dice(input.power), at: w.at(input.modifier), power: input.power });
    return { post, roll: { dice: dice(input.power), reason: formatReason({ kind: 'damage', modifier: input.modifier }), options: OPTIONS }, odds, chart };
  },
  toughness(input, w) {
    if (!Number.isInteger(input.damage) || input.damage < 0) return { error: tl(w.u, 'reply.err.damage') };
    if (input.toughness < 1) return { error: tl(w.u, 'reply.err.toughness0') };
    const taken = takenDistribution(input.damage, input.toughness, input.modifier);
    const mean = taken.reduce((s, q, k) => s + q * k, 0);
    const odds = [
      tl(w.u, 'reply.odds.taken', { mean: w.num(mean, 2), percent: w.ui(taken[0] ?? 0) }),
      tl(w.u, 'reply.odds.wear', { percent: w.ui(chanceOfWear(input.toughness)) }),
    ];
    const life = input.life !== null ? tl(w.l, 'reply.lifeNow', { life: input.life }) : '';
    const post = headed(w, 'reply.toughness', tl(w.l, 'reply.toughnessVs', { damage: input.damage }), {
      dice: dice(input.toughness),
      at: w.at(input.modifier),
      toughness: input.toughness,
      life,
    });
    const reason = formatReason({ kind: 'toughness', damage: input.damage, modifier: input.modifier });
    return { post, roll: { dice: dice(input.toughness), reason, options: OPTIONS }, odds, chart: { counts: tl(w.u, 'reply.chart.taken'), p: taken } };
  },
  'ad-hoc'(input, w) {
    const n = input.sourceValue + input.sparkValue;
    if (n < 1) return { error: tl(w.u, 'reply.err.both0') };
    const chance = chanceAtLeast(n, input.difficulty, input.modifier);
    const head = tl(w.l, 'reply.adhoc.head', { source: clip(input.source), spark: colourName(clip(input.spark), w.l) });
    const post = headed(w, 'reply.adhoc', head, {
      dice: dice(n),
      at: w.at(input.modifier),
      sv: input.sourceValue,
      pv: input.sparkValue,
      difficulty: input.difficulty,
      percent: w.pct(chance),
    });
    const reason = formatReason({ kind: 'ad-hoc', attributes: [input.source, input.spark], modifier: input.modifier });
    const chart = { counts: tl(w.u, 'reply.chart.successes'), p: successDistribution(n, input.modifier), highlightFrom: input.difficulty };
    return {
      post,
      roll: { dice: dice(n), reason, options: OPTIONS },
      odds: [tl(w.u, 'reply.odds.meet', { percent: w.ui(chance), difficulty: input.difficulty })],
      chart,
    };
  },
  recovery(input, w) {
    if (input.toughness < 1) return { error: tl(w.u, 'reply.err.recovery0') };
    const chance = chanceAtLeast(input.toughness, input.difficulty, input.modifier);
    const post = headed(w, 'reply.recovery', tl(w.l, 'reply.recovery.head'), {
      dice: dice(input.toughness),
      at: w.at(input.modifier),
      toughness: input.toughness,
      difficulty: input.difficulty,
      percent: w.pct(chance),
    });
    const chart = { counts: tl(w.u, 'reply.chart.successes'), p: successDistribution(input.toughness, input.modifier), highlightFrom: input.difficulty };
    return {
      post,
      roll: { dice: dice(input.toughness), reason: formatReason({ kind: 'recovery', modifier: input.modifier }), options: OPTIONS },
      odds: [tl(w.u, 'reply.odds.meet', { percent: w.ui(chance), difficulty: input.difficulty })],
      chart,
    };
  },
};

/**
 * A declaration for one of the seven rolls: the post in `l` (the thread's language), the odds and
 * the errors in `u`, the UI's language (they are read in the panel, never posted).
 */
export function buildDeclaration(input: BuildInput, l: Locale = 'en', u: Locale = l): Built {
  const w: Words = {
    l,
    u,
    at: (m) => (m ? tl(l, 'reply.atPerDie', { modifier: signed(clampModifier(m)) }) : ''),
    ui: (p) => pctIn(u, p),
    pct: (p) => pctIn(l, p),
    num: (n, d) => fixed(u, n, d),
  };
  return (BUILDERS[input.kind] as (i: BuildInput, w: Words) => Built)(input, w);
}

export { badgeSummary } from './summary';
