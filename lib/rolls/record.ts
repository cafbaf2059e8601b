import { type Locale, type Params, tl } from '../i18n';
/** A dice roll as read from a forum page, forum-neutral. */

export interface DiceSpec {
  count: number;
  sides: number;
  /** Added to the total by the forum's roller (not the Spark's per-die modifier). */
  modifier: number;
  raw: string;
}

/** Where a roll came from: markup the server made, a line someone typed, or the server's dice log. */
export type RollSource = 'server' | 'typed' | 'log';

export interface RollRecord {
  source: RollSource;
  rollerName: string;
  /** The roller's character id (from a roll id), when known. */
  rollerId: string | null;
  /** The server's roll id (`epoch.fraction.ci`), when known. */
  rollId: string | null;
  /** Unix seconds of the roll (minute precision when read from a date), or null. */
  time: number | null;
  /** True when `time` has only minute precision (read from an HH:MM date). */
  timeToMinute: boolean;
  timeText: string;
  /** One total per spec, as the roller printed them. */
  results: number[];
  specs: DiceSpec[];
  /** Raw faces ("with rolls of"), or null when the roller did not record them. */
  faces: number[] | null;
  rerollOnes: boolean;
  /** A die that rolls its highest face rolls again and adds (Gamers' Plane's rerolled aces): no total is too high. */
  exploding?: boolean;
  reason: string;
  secret: boolean;
  /** "(Fudged N roll)": N, or null. */
  fudged: number | null;
  /** The text it was read from (plain text, never markup). */
  text: string;
}

/**
 * A roll a board read: what its markup or line gave (results, specs, faces, reason, text), the
 * rest as a board without roll ids, roller ids or roll times has them.
 */
export function boardRecord(
  source: RollSource,
  rollerName: string,
  read: Pick<RollRecord, 'results' | 'specs' | 'faces' | 'reason' | 'text'> & Partial<Pick<RollRecord, 'secret' | 'exploding'>>,
): RollRecord {
  return {
    source,
    rollerName,
    rollerId: null,
    rollId: null,
    time: null,
    timeToMinute: false,
    timeText: '',
    rerollOnes: false,
    secret: false,
    fudged: null,
    ...read,
  };
}

// Plain indexed loops in what is asked for every roll on a page (no iterator or closure is made).

/** Total dice across specs. */
export const diceCount = (r: Pick<RollRecord, 'specs'>) => {
  let n = 0;
  for (let i = 0; i < r.specs.length; i++) n += r.specs[i]!.count;
  return n;
};

/** True when every spec is a d10 pool with no total modifier (a Spark d10 success pool). */
export const isD10Pool = (r: Pick<RollRecord, 'specs'>) => {
  if (!r.specs.length) return false;
  for (let i = 0; i < r.specs.length; i++) if (r.specs[i]!.sides !== 10 || r.specs[i]!.modifier !== 0) return false;
  return true;
};

/**
 * The faces of a roll when they can be known: recorded faces, or the results themselves when
 * every spec is one die with no modifier (a 1d10 total is its face).
 */
export function knownFaces(r: Pick<RollRecord, 'specs' | 'faces' | 'results'>): number[] | null {
  if (impossibleFace(r) !== null) return null;
  if (r.faces && r.faces.length === diceCount(r)) return r.faces;
  if (!r.specs.length || r.results.length !== r.specs.length) return null;
  for (let i = 0; i < r.specs.length; i++) if (r.specs[i]!.count !== 1 || r.specs[i]!.modifier !== 0) return null;
  return r.results;
}

const impossible = (f: number, sides: number) => !Number.isInteger(f) || f < 1 || f > sides;

/** A face or total no roll of these dice could show: which one, as values for its words. */
export type Impossible = { face: number; sides: number } | { total: number; spec: string; lo: number; hi: number };

/** The impossible face or total in words ("12 on a d10"). */
export const impossibleText = (l: Locale, x: Impossible): string =>
  'face' in x ? tl(l, 'rc.face', x as unknown as Params) : tl(l, 'rc.total', x as unknown as Params);

/**
 * A face no die of the roll could show (0, 12 on a d10, a fraction); null when every recorded
 * face (or the total of a single die) is possible. Such a roll is read as no faces.
 */
export function impossibleFace(r: Pick<RollRecord, 'specs' | 'faces' | 'results' | 'exploding'>): Impossible | null {
  // Plain loops: this is asked several times for every roll on a page.
  const faces = r.faces;
  const specs = r.specs;
  if (faces) {
    let dice = 0;
    let maxSides = 0;
    for (let j = 0; j < specs.length; j++) {
      dice += specs[j]!.count;
      if (specs[j]!.sides > maxSides) maxSides = specs[j]!.sides;
    }
    if (faces.length === dice) {
      let i = 0;
      for (let j = 0; j < specs.length; j++) {
        const spec = specs[j]!;
        for (let k = 0; k < spec.count; k++, i++) {
          const f = faces[i]!;
          if (impossible(f, spec.sides)) return { face: f, sides: spec.sides };
        }
      }
      return null;
    }
    for (let i = 0; i < faces.length; i++) if (impossible(faces[i]!, maxSides)) return { face: faces[i]!, sides: maxSides };
  }
  for (let i = 0; i < r.specs.length; i++) {
    const s = r.specs[i]!;
    const total = r.results[i];
    if (total === undefined || !Number.isFinite(total)) continue;
    const lo = s.count + s.modifier;
    const hi = r.exploding ? Number.POSITIVE_INFINITY : s.count * s.sides + s.modifier;
    if (total < lo || total > hi) return { total, spec: s.raw, lo, hi };
  }
  return null;
}
