/**
 * What Gamers' Plane tells the page reader every forum shares (lib/reading/reader.ts): its posts,
 * its server rolls as records (faces from each die's own attribute, the dropped ones left out, a
 * hidden roll read as hidden), and lines typed into a post that name a pool and its faces. An edit
 * there can add rolls to a post, and a moderator's edit leaves no notice: an edited post's rolls
 * carry that caution.
 */
import { boardRecord, type DiceSpec, type RollRecord } from '../../rolls/record';
import type { ForumReading } from '../../reading/reader';
import { facesTypedLines, formatStamp, NAMES_A_POOL } from '../board';
import { GAMERS_PLANE_MARKUP } from './body';
import { type GamersPlanePost, gamersPlaneBody, gamersPlaneNumber, readGamersPlanePost } from './posts';
import type { GpHandful, GpRoll } from './rolls';

function handfulSpec(h: GpHandful, modifier: number): { spec: DiceSpec; kept: number[]; total: number } {
  const kept = h.dice.filter((d) => !d.dropped).map((d) => d.value);
  let total = modifier;
  for (const f of kept) total += f;
  const dropped = h.dice.length - kept.length;
  const raw = `${h.negative ? '-' : ''}${h.count}d${h.sides}${dropped ? ` (${kept.length} kept)` : ''}${modifier ? `${modifier > 0 ? '+' : ''}${modifier}` : ''}`;
  return { spec: { count: kept.length, sides: h.sides, modifier, raw }, kept, total };
}

/** The specs a hidden roll's strings name (its results are not shown). */
function specsOfStrings(strings: readonly string[]): DiceSpec[] {
  const out: DiceSpec[] = [];
  for (const s of strings) {
    const m = /^(\d{0,4})d(\d{1,5})([+-]\d{1,5})?$/i.exec(s);
    if (m) out.push({ count: m[1] ? Number(m[1]) : 1, sides: Number(m[2]), modifier: Number(m[3] ?? 0), raw: s });
  }
  return out;
}

/** A server roll as a record: one spec per handful, its total computed from its kept faces. */
export function gamersPlaneRecord(roll: GpRoll, author: string, shown: string): RollRecord {
  const specs: DiceSpec[] = [];
  const results: number[] = [];
  const faces: number[] = [];
  let aces = false;
  for (const part of roll.parts) {
    part.handfuls.forEach((h, n) => {
      const { spec, kept, total } = handfulSpec(h, n === part.handfuls.length - 1 ? part.modifier : 0);
      specs.push(spec);
      results.push(total);
      faces.push(...kept);
      aces ||= h.dice.some((d) => d.ace);
    });
  }
  return boardRecord('server', author, {
    results,
    specs: roll.hidden ? specsOfStrings(roll.strings) : specs,
    // A rerolled ace's value is the sum of its throws, not one die's face.
    faces: roll.hidden || aces ? null : faces,
    ...(aces ? { exploding: true } : {}),
    reason: roll.reason,
    secret: roll.secret,
    text: shown.slice(0, 400),
  });
}

export const GAMERS_PLANE_READING: ForumReading<GamersPlanePost, GpRoll> = {
  markup: GAMERS_PLANE_MARKUP,
  bodyOf: gamersPlaneBody,
  readPost: (el, _clock, body) => readGamersPlanePost(el, body),
  numberOf: (el) => gamersPlaneNumber(el),
  mayHoldRolls: (body, plain) => body.getElementsByClassName('rolls').length > 0 || NAMES_A_POOL.test(plain),
  serverRoll(mark, post) {
    const facts = { verifiedBecause: 'trust.serverGp' as const, ...(mark.raw.hidden ? { unchecked: 'trust.hiddenDice' as const } : {}) };
    return { record: gamersPlaneRecord(mark.raw, post.author, mark.shown), key: null, rollerName: post.author, facts };
  },
  typedLines: facesTypedLines,
  formatTime: (epoch, clock) => formatStamp(epoch, clock.offset),
  editMayAddRolls: true,
};
