/**
 * Parlor Magic's lines in a thread: what the panel writes into a post and what every reader reads
 * back. Each line starts with the mark; a post may hold several. Ids name a card by its owner
 * (`A:KH`): A is the first ruler to commit, B the second.
 *
 *   MARK · commitment: <64 hex> · nonce: <16 hex> [· petals: N]
 *   MARK · opening seven · nonce: <16 hex>   (hidden: the picks 1–7)   | MARK · opening seven: 7S, KH, … · nonce: …
 *   (a thread written before the opening carried a nonce has `MARK · opening seven` alone: read, never written again)
 *   MARK · turn
 *   MARK · draw two · seal: <32 hex>         (hidden: the kept card sealed) | MARK · draw: KS, 7C · keep: KS
 *   MARK · land: 9H | tap: A:9H | cast: 3H · on: B:KS · pay: S2 H1 | counter: 4S · at: A:3H · pay: S2 C2
 *   MARK · attack: A:AS, A:JS | block: B:JD > A:AS, B:AH > A:AS | block: none
 *   MARK · volley: A:JC > B:KH | ally: A:KC > B:AC | carry: A:QH > B:9D | sally: A:KH | harry: B:JH
 *   MARK · damage [· toughness: B:JD] [· power: B:JD=1] [· defense: A:KH=2] [· assign: A:KH > B:JD=2, …]
 *   MARK · end · recycle seal: <32 hex> · nonce: <16 hex>          | MARK · end · recycle: 5S, 7D · nonce: …
 *   MARK · reveal · secret: "<secret>" · keeps: KS, 3S · recycles: —; 5S, 7D
 *   MARK · state after #N · life: A 20, B 13
 */
import { hasLineBreak } from '../../chars';
import { cardCode, readParlorCard, type Suit } from './cards';
import { NONCE, SEAL } from './hidden';
import type { AbilityName, Card, DamageChoices, Id, Mana, ParlorEvent, Ruler, Target } from './model';

export const PARLOR_MARK = 'Spark Scribe · Parlor Magic';

/** A game event as a line carries it: the ruler is the post's author's. */
export type LineEvent =
  | { land: Card }
  | { tap: Id }
  | { cast: Card; target?: Target; pay: Mana }
  | { counter: Card; target: Target; pay: Mana }
  | { attack: Id[] }
  | { block: { blocker: Id; attacker: Id }[] }
  | { ability: AbilityName; by: Id; target?: Id }
  | { damage: DamageChoices };

export type ParlorRecord =
  | { commit: string; nonce: string; petals?: number }
  | { opening: Card[] | null; nonce?: string | null }
  | { turn: true }
  | { draw: { seal: string } | { cards: Card[]; keep: Card } }
  | { event: LineEvent }
  | { end: { seal: string } | { recycle: Card[] }; nonce: string | null }
  | { reveal: string; keeps: Card[] | null; recycles: Card[][] | null }
  | { state: number; life: Record<Ruler, number> };

// ---- writing ----

const list = (cards: readonly string[]) => cards.join(', ');
const payText = (pay: Mana) =>
  (Object.entries(pay) as [Suit, number][])
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${s}${n}`)
    .join(' ') || '0';
const pairs = (m: Record<Id, number>) =>
  Object.entries(m)
    .map(([id, n]) => `${id}=${n}`)
    .join(', ');

function eventText(e: LineEvent): string {
  if ('land' in e) return `land: ${e.land}`;
  if ('tap' in e) return `tap: ${e.tap}`;
  if ('cast' in e) return `cast: ${e.cast}${e.target ? ` · on: ${e.target}` : ''} · pay: ${payText(e.pay)}`;
  if ('counter' in e) return `counter: ${e.counter} · at: ${e.target} · pay: ${payText(e.pay)}`;
  if ('attack' in e) return `attack: ${list(e.attack)}`;
  if ('block' in e) return `block: ${e.block.length ? e.block.map((b) => `${b.blocker} > ${b.attacker}`).join(', ') : 'none'}`;
  if ('ability' in e) return `${e.ability}: ${e.by}${e.target ? ` > ${e.target}` : ''}`;
  const c = e.damage;
  const parts = ['damage'];
  if (c.toughness?.length) parts.push(`toughness: ${list(c.toughness)}`);
  if (c.power && Object.keys(c.power).length) parts.push(`power: ${pairs(c.power)}`);
  if (c.defense && Object.keys(c.defense).length) parts.push(`defense: ${pairs(c.defense)}`);
  if (c.assign && Object.keys(c.assign).length)
    parts.push(
      `assign: ${Object.entries(c.assign)
        .flatMap(([a, to]) => Object.entries(to).map(([b, n]) => `${a} > ${b}=${n}`))
        .join(', ')}`,
    );
  return parts.join(' · ');
}

/** A record's line, as the panel writes it. */
export function recordLine(r: ParlorRecord): string {
  const body = (() => {
    if ('commit' in r) return `commitment: ${r.commit} · nonce: ${r.nonce}${r.petals ? ` · petals: ${r.petals}` : ''}`;
    if ('opening' in r) return `${r.opening ? `opening seven: ${list(r.opening)}` : 'opening seven'}${r.nonce ? ` · nonce: ${r.nonce}` : ''}`;
    if ('turn' in r) return 'turn';
    if ('draw' in r) return 'seal' in r.draw ? `draw two · seal: ${r.draw.seal}` : `draw: ${list(r.draw.cards)} · keep: ${r.draw.keep}`;
    if ('event' in r) return eventText(r.event);
    if ('end' in r) {
      const what = 'seal' in r.end ? `recycle seal: ${r.end.seal}` : `recycle: ${r.end.recycle.length ? list(r.end.recycle) : '—'}`;
      return `end · ${what}${r.nonce ? ` · nonce: ${r.nonce}` : ''}`;
    }
    if ('reveal' in r) {
      const keeps = r.keeps ? ` · keeps: ${r.keeps.length ? list(r.keeps) : '—'}` : '';
      const recycles = r.recycles ? ` · recycles: ${r.recycles.map((c) => (c.length ? list(c) : '—')).join('; ')}` : '';
      return `reveal · secret: "${r.reveal.replace(/"/g, '')}"${keeps}${recycles}`;
    }
    return `state after #${r.state} · life: A ${r.life.A}, B ${r.life.B}`;
  })();
  return `${PARLOR_MARK} · ${body}`;
}

// ---- reading ----

const codeOf = (t: string): Card | null => {
  const c = readParlorCard(t.trim());
  return c ? cardCode(c) : null;
};
const cards = (t: string): Card[] | null => {
  if (t.trim() === '—' || t.trim() === '') return [];
  const out = t.split(',').map(codeOf);
  return out.length <= 60 && out.every((c) => c !== null) ? (out as Card[]) : null;
};
const ID = /^([AB]):(10|[2-9AJQK])([HDSC])$/;
const idOf = (t: string): Id | null => {
  const m = ID.exec(t.trim().toUpperCase());
  return m ? `${m[1]}:${m[2]}${m[3]}` : null;
};
const ids = (t: string): Id[] | null => {
  const out = t.split(',').map(idOf);
  return out.length && out.length <= 30 && out.every((x) => x !== null) ? (out as Id[]) : null;
};
const targetOf = (t: string): Target | null => {
  const s = t.trim();
  if (s === 'trumps' || s === 'A:defense' || s === 'B:defense') return s;
  return idOf(s);
};
const payOf = (t: string): Mana | null => {
  if (t.trim() === '0') return {};
  const out: Mana = {};
  for (const part of t.trim().split(/\s+/)) {
    const m = /^([HDSC])(\d{1,2})$/.exec(part.toUpperCase());
    if (!m) return null;
    out[m[1] as Suit] = (out[m[1] as Suit] ?? 0) + Number(m[2]);
  }
  return out;
};
const arrows = (t: string): [Id, Id][] | null => {
  const out: [Id, Id][] = [];
  for (const p of t.split(',')) {
    const [a, b] = p.split('>');
    const x = a ? idOf(a) : null;
    const y = b ? idOf(b) : null;
    if (!x || !y) return null;
    out.push([x, y]);
  }
  return out.length <= 30 ? out : null;
};
const amounts = (t: string): Record<Id, number> | null => {
  const out: Record<Id, number> = {};
  for (const p of t.split(',')) {
    const m = /^\s*(\S+)\s*=\s*(\d{1,2})\s*$/.exec(p);
    const id = m ? idOf(m[1]!) : null;
    if (!id) return null;
    out[id] = Number(m![2]);
  }
  return out;
};

const isSpace = (c: string | undefined) => c !== undefined && c.trim() === '' && c !== '';
/** Text that `.` would match whole (no line break of any kind). */
const oneLine = (s: string) => !hasLineBreak(s);

/** The line cut at each ` · ` (a dot with space on both sides), read by hand: linear on any line. */
function splitAtDots(line: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let i = line.indexOf('·'); i >= 0; i = line.indexOf('·', i + 1)) {
    if (!isSpace(line[i - 1]) || !isSpace(line[i + 1])) continue;
    parts.push(line.slice(from, i));
    from = i + 1;
  }
  parts.push(line.slice(from));
  return parts;
}

/** "name: value" (a name of 2–20 letters and spaces): the name and the trimmed value, or null. */
function namedField(part: string): [string, string] | null {
  const colon = part.indexOf(':');
  const name = colon < 0 ? '' : part.slice(0, colon);
  const value = part.slice(colon + 1);
  return /^[a-z ]{2,20}$/.test(name) && oneLine(value.trimStart()) ? [name, value.trim()] : null;
}

/** A line's parts after the mark: its head ("cast: 3H") and its named fields ("pay" → "S2 H1"). */
function split(line: string): { head: string; fields: Map<string, string> } {
  const [head = '', ...rest] = splitAtDots(line);
  const fields = new Map<string, string>();
  for (const part of rest) {
    const m = namedField(part.trim());
    if (m) fields.set(m[0], m[1]);
    else fields.set(part.trim(), '');
  }
  return { head: head.trim(), fields };
}

/** "X > Y = n" (two ids without spaces, n of one or two digits), read by hand. */
function assignment(p: string): [string, string, number] | null {
  const t = p.trim();
  const gt = t.indexOf('>');
  const eq = t.lastIndexOf('=');
  if (gt <= 0 || eq <= gt) return null;
  const [x, y, n] = [t.slice(0, gt).trim(), t.slice(gt + 1, eq).trim(), t.slice(eq + 1).trim()];
  return x && y && !/\s/.test(x) && !/\s/.test(y) && /^\d{1,2}$/.test(n) ? [x, y, Number(n)] : null;
}

const ABILITIES: readonly string[] = ['volley', 'ally', 'carry', 'harry', 'sally'];

function damageOf(fields: Map<string, string>): DamageChoices | null {
  const c: DamageChoices = {};
  const t = fields.get('toughness');
  if (t !== undefined) {
    const x = ids(t);
    if (!x) return null;
    c.toughness = x;
  }
  for (const key of ['power', 'defense'] as const) {
    const v = fields.get(key);
    if (v === undefined) continue;
    const m = amounts(v);
    if (!m) return null;
    c[key] = m;
  }
  const a = fields.get('assign');
  if (a !== undefined) {
    const assign: Record<Id, Record<Id, number>> = {};
    for (const p of a.split(',')) {
      const m = assignment(p);
      const x = m ? idOf(m[0]) : null;
      const y = m ? idOf(m[1]) : null;
      if (!x || !y) return null;
      (assign[x] ??= {})[y] = m![2];
    }
    c.assign = assign;
  }
  return c;
}

/** A game event's line (its head and fields), or null. */
function eventOf(verb: string, arg: string, fields: Map<string, string>): LineEvent | null {
  if (verb === 'land') {
    const c = codeOf(arg);
    return c ? { land: c } : null;
  }
  if (verb === 'tap') {
    const id = idOf(arg);
    return id ? { tap: id } : null;
  }
  if (verb === 'cast' || verb === 'counter') {
    const c = codeOf(arg);
    const pay = payOf(fields.get('pay') ?? '');
    const targetText = fields.get(verb === 'cast' ? 'on' : 'at');
    const target = targetText === undefined ? undefined : targetOf(targetText);
    if (!c || !pay || target === null) return null;
    if (verb === 'counter') return target ? { counter: c, target, pay } : null;
    return target ? { cast: c, target, pay } : { cast: c, pay };
  }
  if (verb === 'attack') {
    const x = ids(arg);
    return x ? { attack: x } : null;
  }
  if (verb === 'block') {
    if (arg.trim() === 'none') return { block: [] };
    const x = arrows(arg);
    return x ? { block: x.map(([blocker, attacker]) => ({ blocker, attacker })) } : null;
  }
  if (ABILITIES.includes(verb)) {
    const [by, target] = arg.split('>').map((s) => s.trim());
    const b = by ? idOf(by) : null;
    const t = target ? idOf(target) : undefined;
    if (!b || t === null) return null;
    return t ? { ability: verb as AbilityName, by: b, target: t } : { ability: verb as AbilityName, by: b };
  }
  return null;
}

/** The reveal's fields: the secret, the kept cards, each turn's end's recycled cards. */
function revealOf(fields: Map<string, string>): ParlorRecord | null {
  const m = /^"([^"]{1,200})"$/.exec(fields.get('secret') ?? '');
  if (!m) return null;
  const keepsText = fields.get('keeps');
  const keeps = keepsText === undefined ? null : cards(keepsText);
  const recText = fields.get('recycles');
  const recycles = recText === undefined ? null : recText.split(';').map(cards);
  if ((keepsText !== undefined && !keeps) || recycles?.some((c) => c === null)) return null;
  return { reveal: m[1]!, keeps, recycles: recycles as Card[][] | null };
}

/** One line (after the mark) as a record; null when it is not one. */
export function readRecordLine(line: string): ParlorRecord | null {
  const { head, fields } = split(line.replace(/^\s*·\s*/, ''));
  // "verb" or "verb: argument", read by hand (linear on any head).
  const colon = head.indexOf(':');
  const verbText = colon < 0 ? head : head.slice(0, colon);
  const argText = colon < 0 ? '' : head.slice(colon + 1).trimStart();
  if (!/^[a-z][a-z ]*$/.test(verbText) || !oneLine(argText)) return null;
  const verb = verbText.trim();
  const arg = argText;
  const nonce = fields.get('nonce');
  if (nonce !== undefined && !NONCE.test(nonce)) return null;
  if (verb === 'commitment') {
    const petals = fields.get('petals');
    if (!/^[0-9a-f]{64}$/.test(arg) || !nonce || (petals !== undefined && !/^\d{1,2}$/.test(petals))) return null;
    return petals ? { commit: arg, nonce, petals: Number(petals) } : { commit: arg, nonce };
  }
  if (verb === 'opening seven') {
    if (!arg) return { opening: null, nonce: nonce ?? null };
    const c = cards(arg);
    return c && c.length === 7 ? { opening: c, nonce: nonce ?? null } : null;
  }
  if (verb === 'turn') return { turn: true };
  if (verb === 'draw two') {
    const seal = fields.get('seal') ?? '';
    return SEAL.test(seal) ? { draw: { seal } } : null;
  }
  if (verb === 'draw') {
    const c = cards(arg);
    const keep = codeOf(fields.get('keep') ?? '');
    return c && keep ? { draw: { cards: c, keep } } : null;
  }
  if (verb === 'end') {
    const seal = fields.get('recycle seal');
    if (seal !== undefined) return SEAL.test(seal) ? { end: { seal }, nonce: nonce ?? null } : null;
    const rec = cards(fields.get('recycle') ?? '—');
    return rec ? { end: { recycle: rec }, nonce: nonce ?? null } : null;
  }
  if (verb === 'reveal') return revealOf(fields);
  if (verb === 'damage') {
    const d = damageOf(fields);
    return d ? { event: { damage: d } } : null;
  }
  const state = /^state after #(\d{1,6})$/.exec(head);
  if (state) {
    const life = /^A (-?\d{1,3}), B (-?\d{1,3})$/.exec(fields.get('life') ?? '');
    return life ? { state: Number(state[1]), life: { A: Number(life[1]), B: Number(life[2]) } } : null;
  }
  const e = eventOf(verb, arg, fields);
  return e ? { event: e } : null;
}

/** Every record in a post's text (each line that carries the mark), and the marked lines that are not records. */
export function readRecords(text: string): { records: ParlorRecord[]; unreadable: string[] } {
  const records: ParlorRecord[] = [];
  const unreadable: string[] = [];
  let at = 0;
  for (let n = 0; n < 200; n++) {
    const i = text.indexOf(PARLOR_MARK, at);
    if (i < 0) break;
    const next = text.indexOf(PARLOR_MARK, i + PARLOR_MARK.length);
    const lineEnd = text.indexOf('\n', i);
    const end = Math.min(next < 0 ? text.length : next, lineEnd < 0 ? text.length : lineEnd, i + 800);
    const line = text
      .slice(i + PARLOR_MARK.length, end)
      .replace(/\s+/g, ' ')
      .trim();
    at = i + PARLOR_MARK.length;
    const r = readRecordLine(line);
    if (r) records.push(r);
    else unreadable.push(line.slice(0, 80));
  }
  return { records, unreadable };
}

/** A line's event with its ruler: the event the engine folds. */
export function lineEvent(r: Ruler, e: LineEvent): ParlorEvent {
  if ('land' in e) return { land: r, card: e.land };
  if ('tap' in e) return { tap: e.tap };
  if ('cast' in e) return e.target ? { cast: r, card: e.cast, target: e.target, pay: e.pay } : { cast: r, card: e.cast, pay: e.pay };
  if ('counter' in e) return { counter: r, card: e.counter, target: e.target, pay: e.pay };
  if ('attack' in e) return { attack: r, with: e.attack };
  if ('block' in e) return { block: r, blocks: e.block };
  if ('ability' in e) return e.target ? { ability: e.ability, by: e.by, target: e.target } : { ability: e.ability, by: e.by };
  return { damage: e.damage };
}
