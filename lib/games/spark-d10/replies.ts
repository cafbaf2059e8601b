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
import { colourName, formatPercent, t, tl, uiLocale, type Key, type Locale } from '../../i18n';

/** A chance as the language writes it (a post: the thread's language; the odds: the UI's). */
const pctIn = (l: Locale, p: number) => formatPercent(p, p > 0.995 || p < 0.005 ? 0 : 1, l);
const fixed = (l: Locale, n: number, d: number) =>
  n.toLocaleString(l === 'it' ? 'it-IT' : 'en-GB', { minimumFractionDigits: d, maximumFractionDigits: d, useGrouping: false });
/** A land's name, singular or plural by `count`. */
const landName = (l: Locale, land: string, count: number) => tl(l, `land.${land}` as Key, { count });
const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
/** Text that goes into a post is the user's own; strip RuBB-looking brackets from names so they stay text. */
const plain = (s: string) =>
  s
    .replace(/[<>[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);

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

/**
 * A draw declaration: what to roll (Memory dice, the exact reason text, Record each die) and its odds.
 * The post is written in `l` (the thread's language); the roll's reason stays in the form every
 * reader parses, whatever the language.
 */
export function drawDeclaration(card: string, rarity: Rarity, memory: number, modifier = 0, l: Locale = 'en'): DrawDeclaration {
  const name = plain(card) || tl(l, 'reply.aCard');
  const difficulty = drawDifficulty(rarity);
  const chance = chanceAtLeast(memory, difficulty, modifier);
  const reason = formatReason({ kind: 'draw', card: name, rarity, modifier });
  const post = `${tl(l, 'reply.drawDecl', { name, rarity })}\n${tl(l, 'reply.drawOdds', { dice: `${memory}d10`, at: modifier ? tl(l, 'reply.atPerDie', { modifier: signed(clampModifier(modifier)) }) : '', difficulty, percent: pctIn(l, chance) })}`;
  return { post, difficulty, chance, roll: { dice: `${memory}d10`, reason, options: ['Record each die'] } };
}

/** Roller settings for any Spark roll. */
export function rollInstructions(kind: Parameters<typeof formatReason>[0], dice: number): RollInstructions {
  const options = kind.kind === 'starting-hand' ? ['Record each die', 'Unique die'] : ['Record each die'];
  return { dice: kind.kind === 'starting-hand' ? `${dice}d<deck size>` : `${dice}d10`, reason: formatReason(kind), options };
}

/** A roll summary after rolling, from the Die Roller's log line (with its [roll=ID]). */
export function rollSummary(record: RollRecord, l: Locale = 'en'): string {
  const reading = readSparkRoll(record, undefined, l);
  const tag = record.rollId ? `[roll=${record.rollId}]` : '';
  const title = plain(record.reason) || tl(l, 'reply.roll');
  const lines = [`<b>${title}</b>${tag ? ` – ${tag}` : ''}`];
  if (reading.faces && reading.kind !== 'starting-hand' && reading.d10) {
    const modText = reading.modifier ? tl(l, 'reply.perDie', { modifier: signed(reading.modifier) }) : '';
    const outcome =
      reading.difficulty !== null
        ? `${reading.successes} vs ${reading.difficulty}: ${colourOutcome(reading.outcome, reading.drawResult)}`
        : colourOutcome(reading.outcome, reading.drawResult);
    lines.push(tl(l, 'reply.faces', { faces: reading.faces.join(' '), mod: modText, outcome }));
  } else if (reading.kind === 'starting-hand' && reading.faces) {
    lines.push(tl(l, 'reply.positions', { positions: reading.faces.join(', ') }));
  } else {
    lines.push(`${reading.outcome}${reading.notes.length ? ` <small>(${plain(reading.notes[0]!)})</small>` : ''}`);
  }
  return lines.join('\n');
}

/** Damage after a Toughness roll, with the wear from 1s. */
export function damageAfterToughness(
  damage: number,
  faces: readonly number[],
  modifier: number,
  life: number | null,
  rollId: string | null,
  l: Locale = 'en',
): string {
  const r = toughnessRoll(damage, faces, modifier);
  const ones = r.toughnessLost;
  const lines = [
    `${tl(l, 'reply.toughnessVs', { damage })}${rollId ? ` – [roll=${rollId}]` : ''}`,
    tl(l, 'reply.prevented', {
      faces: faces.join(' ') || tl(l, 'reply.noDice'),
      mod: modifier ? tl(l, 'reply.perDie', { modifier: signed(clampModifier(modifier)) }) : '',
      count: r.successes,
    }),
    `${tl(l, 'reply.taken', { count: r.damageTaken })}${life !== null ? tl(l, 'reply.lifeChange', { from: life, to: life - r.damageTaken }) : ''}.`,
  ];
  if (ones) lines.push(tl(l, 'reply.wear', { count: ones, from: faces.length, to: r.toughnessAfter }));
  return lines.join('\n');
}

export interface Purchase {
  what: string;
  xp: number;
}

/** The XP-spend post. */
export function xpSpendPost(purchases: readonly Purchase[], unspentBefore: number | null, l: Locale = 'en'): string {
  const total = purchases.reduce((s, p) => s + p.xp, 0);
  const lines = [tl(l, 'reply.xpSpend'), ...purchases.map((p) => tl(l, 'reply.xpItem', { what: plain(p.what), xp: p.xp }))];
  lines.push(
    `${tl(l, 'reply.xpTotal', { total })}${unspentBefore !== null ? tl(l, 'reply.xpUnspent', { from: unspentBefore, to: unspentBefore - total }) : ''}`,
  );
  return lines.join('\n');
}

/** The sheet in canonical form, in a fixed-width block. The sheet parser reads it back unchanged. */
export function sheetPost(sheet: CharacterSheet): string {
  return `<tt>${formatSheet(sheet)}</tt>`;
}

/** Why a post cannot be sent as it is (RPOL's limit), or null. */
export function postProblem(text: string): string | null {
  return text.length > MAX_POST_LENGTH ? t('reply.tooLong', { length: text.length, max: MAX_POST_LENGTH }) : null;
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

/**
 * A declaration for one of the seven rolls: the post in `l` (the thread's language), the odds and
 * the errors in the UI's language (they are read in the panel, never posted).
 */
export function buildDeclaration(input: BuildInput, l: Locale = 'en'): Declaration | { error: string } {
  const options = ['Record each die'];
  const at = (m: number) => (m ? tl(l, 'reply.atPerDie', { modifier: signed(clampModifier(m)) }) : '');
  const pct = (p: number) => pctIn(l, p);
  const ui = (p: number) => pctIn(uiLocale(), p);
  const num = (n: number, d: number) => fixed(uiLocale(), n, d);
  switch (input.kind) {
    case 'draw': {
      if (!input.card.trim()) return { error: t('reply.err.card') };
      if (!Number.isInteger(input.memory) || input.memory < 1 || input.memory > 100) return { error: t('reply.err.memory') };
      const d = drawDeclaration(input.card, input.rarity, input.memory, input.modifier, l);
      return {
        post: d.post,
        roll: d.roll,
        odds: [t('reply.odds.draw', { percent: ui(d.chance), difficulty: d.difficulty })],
        chart: { counts: t('reply.chart.successes'), p: successDistribution(input.memory, input.modifier), highlightFrom: d.difficulty },
      };
    }
    case 'channel': {
      const max = Math.floor(input.attribute / 3);
      if (input.attribute < 1) return { error: t('reply.err.nothing', { colour: colourName(input.colour) }) };
      if (!Number.isInteger(input.trades) || input.trades < 0 || input.trades > max) return { error: t('reply.err.trades', { max }) };
      const rolled = input.attribute - input.trades * 3;
      const mod = input.carried + input.modifier;
      const room = Math.max(0, input.attribute - input.landsInPlay);
      const expected = expectedLands(rolled, mod, input.trades, room);
      const reason = formatReason({ kind: 'channel', colour: input.colour, modifier: mod });
      const land = COLOUR_LAND[input.colour];
      const colour = colourName(input.colour, l);
      const post = [
        tl(l, 'reply.channel', {
          colour,
          attribute: input.attribute,
          rolled: rolled ? tl(l, 'reply.channel.roll', { dice: dice(rolled), at: at(mod) }) : tl(l, 'reply.channel.none'),
          traded: input.trades ? tl(l, 'reply.channel.traded', { dice: input.trades * 3, count: input.trades }) : '',
        }),
        `<small>${input.carried ? tl(l, 'reply.channel.carried', { n: input.carried, count: input.carried }) : ''}${tl(l, 'reply.channel.room', { colour, lands: input.landsInPlay, attribute: input.attribute, room, expected: fixed(l, expected, 1), land: landName(l, land, expected === 1 ? 1 : 2) })}</small>`,
      ].join('\n');
      return {
        post,
        roll: { dice: rolled ? dice(rolled) : t('reply.noRoll'), reason, options },
        odds: [t('reply.odds.lands', { expected: num(expected, 2), room })],
        chart: rolled
          ? { counts: t('reply.chart.lands', { land: landName(uiLocale(), land, 2), trades: input.trades }), p: successDistribution(rolled, mod) }
          : null,
      };
    }
    case 'speed': {
      if (input.focus < 1) return { error: t('reply.err.focus0') };
      const p = successDistribution(input.focus, input.modifier);
      const beat = input.opponent ? p.reduce((s, q, k) => s + (k > input.opponent!.successes ? q : 0), 0) : null;
      const tie = input.opponent ? (p[input.opponent.successes] ?? 0) : null;
      const odds = [t('reply.odds.expected', { mean: num(expectedSuccesses(input.focus, input.modifier), 2) })];
      if (beat !== null && tie !== null)
        odds.push(t('reply.odds.beat', { beat: ui(beat), name: input.opponent!.name, successes: input.opponent!.successes, tie: ui(tie) }));
      const post = tl(l, 'reply.speed', { dice: dice(input.focus), at: at(input.modifier), focus: input.focus });
      return {
        post,
        roll: { dice: dice(input.focus), reason: formatReason({ kind: 'speed', modifier: input.modifier }), options },
        odds,
        chart: { counts: t('reply.chart.successes'), p, ...(input.opponent ? { highlightFrom: input.opponent.successes + 1 } : {}) },
      };
    }
    case 'damage': {
      if (input.power < 1) return { error: t('reply.err.power0') };
      const odds = [t('reply.odds.damage', { mean: num(expectedSuccesses(input.power, input.modifier), 2) })];
      let chart: Declaration['chart'] = { counts: t('reply.chart.dealt'), p: successDistribution(input.power, input.modifier) };
      if (input.target) {
        const taken = damageTakenDistribution(input.power, input.modifier, input.target.toughness, input.target.modifier);
        const mean = taken.reduce((s, q, k) => s + q * k, 0);
        odds.push(
          t('reply.odds.against', { name: input.target.name, toughness: input.target.toughness, mean: num(mean, 2), percent: ui(1 - (taken[0] ?? 0)) }),
        );
        chart = { counts: t('reply.chart.takes', { name: input.target.name }), p: taken, highlightFrom: 1 };
      }
      return {
        post: tl(l, 'reply.damage', { dice: dice(input.power), at: at(input.modifier), power: input.power }),
        roll: { dice: dice(input.power), reason: formatReason({ kind: 'damage', modifier: input.modifier }), options },
        odds,
        chart,
      };
    }
    case 'toughness': {
      if (!Number.isInteger(input.damage) || input.damage < 0) return { error: t('reply.err.damage') };
      if (input.toughness < 1) return { error: t('reply.err.toughness0') };
      const saved = successDistribution(input.toughness, input.modifier);
      const taken = new Array<number>(input.damage + 1).fill(0);
      saved.forEach((q, s) => (taken[Math.max(0, input.damage - s)]! += q));
      const mean = taken.reduce((s, q, k) => s + q * k, 0);
      const odds = [
        t('reply.odds.taken', { mean: num(mean, 2), percent: ui(taken[0] ?? 0) }),
        t('reply.odds.wear', { percent: ui(chanceOfWear(input.toughness)) }),
      ];
      const post = tl(l, 'reply.toughness', {
        damage: input.damage,
        dice: dice(input.toughness),
        at: at(input.modifier),
        toughness: input.toughness,
        life: input.life !== null ? tl(l, 'reply.lifeNow', { life: input.life }) : '',
      });
      return {
        post,
        roll: { dice: dice(input.toughness), reason: formatReason({ kind: 'toughness', damage: input.damage, modifier: input.modifier }), options },
        odds,
        chart: { counts: t('reply.chart.taken'), p: taken },
      };
    }
    case 'ad-hoc': {
      const n = input.sourceValue + input.sparkValue;
      if (n < 1) return { error: t('reply.err.both0') };
      const chance = chanceAtLeast(n, input.difficulty, input.modifier);
      const post = tl(l, 'reply.adhoc', {
        source: plain(input.source),
        spark: colourName(plain(input.spark), l),
        dice: dice(n),
        at: at(input.modifier),
        sv: input.sourceValue,
        pv: input.sparkValue,
        difficulty: input.difficulty,
        percent: pct(chance),
      });
      return {
        post,
        roll: { dice: dice(n), reason: formatReason({ kind: 'ad-hoc', attributes: [input.source, input.spark], modifier: input.modifier }), options },
        odds: [t('reply.odds.meet', { percent: ui(chance), difficulty: input.difficulty })],
        chart: { counts: t('reply.chart.successes'), p: successDistribution(n, input.modifier), highlightFrom: input.difficulty },
      };
    }
    case 'recovery': {
      if (input.toughness < 1) return { error: t('reply.err.recovery0') };
      const chance = chanceAtLeast(input.toughness, input.difficulty, input.modifier);
      const post = tl(l, 'reply.recovery', {
        dice: dice(input.toughness),
        at: at(input.modifier),
        toughness: input.toughness,
        difficulty: input.difficulty,
        percent: pct(chance),
      });
      return {
        post,
        roll: { dice: dice(input.toughness), reason: formatReason({ kind: 'recovery', modifier: input.modifier }), options },
        odds: [t('reply.odds.meet', { percent: ui(chance), difficulty: input.difficulty })],
        chart: { counts: t('reply.chart.successes'), p: successDistribution(input.toughness, input.modifier), highlightFrom: input.difficulty },
      };
    }
  }
}

export { badgeSummary } from './summary';
