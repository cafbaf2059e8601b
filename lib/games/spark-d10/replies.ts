/**
 * Replies in RPOL's markup (forum-formats §3): draw declarations, roll summaries, damage after
 * Toughness, XP spends and the sheet in canonical form. Numbers come from the rules engine.
 */
import { chanceAtLeast, clampModifier, countSuccesses } from '../../dice/pool';
import type { RollRecord } from '../../rolls/record';
import { drawDifficulty, type Rarity } from '../../spark/draw';
import { toughnessRoll } from '../../spark/duel';
import { formatReason } from '../../spark/reason';
import { readSparkRoll } from '../../spark/reading';
import { formatSheet, type CharacterSheet } from '../../spark/sheet';
import { MAX_POST_LENGTH } from '../../forums/rpol/reply';

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

function colourOutcome(outcome: string): string {
  if (/^failed/.test(outcome)) return `<red>${outcome}</red>`;
  if (/^drawn/.test(outcome)) return `<green>${outcome}</green>`;
  return outcome;
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

