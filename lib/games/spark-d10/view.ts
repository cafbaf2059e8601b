/** The duel as the panel shows it: plain JSON, built from the folded state. */
import { tl, type Locale } from '../../i18n';
import { COLOURS, type Colour } from '../../spark/attributes';
import type { GameRules } from '../../spark/settings';
import { inPlay, manaReservoir } from '../../spark/sheet';
import { initiative, lifeStanding, type DuelState } from './duel';

export interface DuelistView {
  name: string;
  /** Where the sheet in use came from: "post #18", "your bound sheet", or null. */
  sheet: string | null;
  life: number | null;
  lifeStart: number | null;
  lifeState: 'fighting' | 'incapacitated' | 'duel-lost' | 'dead' | null;
  toughness: number | null;
  toughnessBase: number | null;
  wear: number;
  staggered: boolean;
  lands: { colour: Colour; count: number; cap: number | null }[];
  manaReservoir: number | null;
  pendingPlus: number;
  speed: { successes: number; faceSum: number } | null;
  hand: number | null;
  memory: number | null;
  focus: number | null;
  /** The roll (badge id) that last decided each value. */
  decidedBy: Record<string, string>;
  /** What the duel did not take as theirs, in words (a post by another forum identity, a record edited after the other side acted). */
  cautions?: string[];
}

export interface DuelView {
  startsAt: number;
  lifeEach: number | null;
  duelists: DuelistView[];
  initiative: { name: string; successes: number; faceSum: number; tiedWith: string[] }[];
}

export function duelView(s: DuelState, rules: GameRules, l: Locale = 'en'): DuelView {
  const duelists = Object.values(s.duelists)
    .filter((d) => d.seen)
    .map((d): DuelistView => {
      const sheet = d.sheet?.sheet ?? null;
      const cap = (c: Colour) => (sheet ? inPlay(sheet, c) : null);
      const lands = COLOURS.map((colour) => ({ colour, count: d.lands[colour] ?? 0, cap: cap(colour) })).filter((l) => l.count > 0 || (l.cap ?? 0) > 0);
      const reservoir = sheet ? manaReservoir(sheet) : null;
      return {
        name: d.name,
        sheet: d.sheet
          ? 'post' in d.sheet.from
            ? tl(l, 'vw.post', { post: d.sheet.from.post })
            : 'page' in d.sheet.from
              ? tl(l, 'vw.page')
              : tl(l, 'vw.bound')
          : null,
        life: d.life,
        lifeStart: d.lifeStart,
        lifeState: lifeStanding(d, rules),
        toughness: d.toughness,
        toughnessBase: sheet ? inPlay(sheet, 'Toughness') : null,
        wear: d.wear,
        staggered: d.staggered,
        lands,
        manaReservoir: reservoir,
        pendingPlus: d.pendingPlus,
        speed: d.speed ? { successes: d.speed.successes, faceSum: d.speed.faceSum } : null,
        hand: d.hand?.size ?? null,
        memory: sheet ? inPlay(sheet, 'Memory') : null,
        focus: sheet ? inPlay(sheet, 'Focus') : null,
        decidedBy: { ...d.decidedBy },
        ...(d.cautions?.length ? { cautions: d.cautions.map((f) => f.text) } : {}),
      };
    });
  return { startsAt: s.startsAt, lifeEach: s.lifeEach, duelists, initiative: initiative(s) };
}
