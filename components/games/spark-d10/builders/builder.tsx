/**
 * What a reply builder is: one object (its kind, its label, its defaults from the bound sheet and
 * the duel, its fields, and the block it builds), and the small parts its fields are made of.
 */
import type { ComponentType } from 'preact';
import type { RollLineReader } from '../../../../lib/forums/roll-lines';
import { buildDeclaration, type BuildInput, type Declaration } from '../../../../lib/games/spark-d10/replies';
import type { DuelistView } from '../../../../lib/games/spark-d10/view';
import type { Key, Locale } from '../../../../lib/i18n';
import type { PostDoc } from '../../../../lib/post/doc';
import { findFacesLines } from '../../../../lib/rolls/faces-line';
import type { RollRecord } from '../../../../lib/rolls/record';
import type { Attribute } from '../../../../lib/spark/attributes';
import { type CharacterSheet, inPlay } from '../../../../lib/spark/sheet';
import { t, uiLocale } from '../../../locale';

/** A builder's fields as typed, by their own names ("card"). */
export type Form = Record<string, string>;

/** What the sheet and the duel already hold, for the builders' defaults. */
export interface Known {
  sheet: CharacterSheet | null;
  me: DuelistView | null;
  opponent: DuelistView | null;
}

/** What a builder builds from besides its form. */
export interface BuildContext {
  known: Known;
  /** The bound sheet's text. */
  boundSheet: string | null;
  /** The thread's post language. */
  locale: Locale;
  /** The thread's forum's reader of its own roller's copied lines (none: the forum has no roller). */
  readRollLine?: RollLineReader;
}

/** A block of the reply (its note on how to roll, its odds), or why the form is not ready. */
export type Built = { doc: PostDoc; extra?: string; decl?: Declaration } | { error: string };

export interface FieldsProps {
  form: Form;
  setForm: (next: Form) => void;
  /** The bound sheet, for the defaults a field shows. */
  sheet: CharacterSheet | null;
  /** The roll picked on the forum's dice log page, if any. */
  lastLogRoll: () => Promise<string | null>;
  setStatus: (s: string) => void;
}

export interface ReplyBuilder {
  kind: string;
  label: Key;
  /** Filled in from the bound sheet and the duel, so no number the sheet holds is typed. */
  defaults(known: Known): Form;
  Fields: ComponentType<FieldsProps>;
  build(form: Form, context: BuildContext): Built;
}

/** A whole number typed in a field, or `d` when there is none. */
export const num = (s: string | undefined, d: number) => (s !== undefined && s.trim() !== '' && Number.isFinite(Number(s)) ? Math.trunc(Number(s)) : d);

/** An attribute in play on the bound sheet, or null with none bound. */
export const inPlayOn = (sheet: CharacterSheet | null, a: Attribute): number | null => (sheet ? inPlay(sheet, a) : null);

/** The sheet's modifiers to one kind of roll, summed over its attributes. */
export const rollMod = (sheet: CharacterSheet | null, key: string) =>
  sheet ? Object.values(sheet.attributes).reduce((n, v) => n + (v?.modifiers?.[key] ?? 0), 0) : 0;

/** The life a duelist has now, as a field's text. */
export const lifeOf = (d: DuelistView | null) => (d?.life !== null && d?.life !== undefined ? String(d.life) : '');

/** A roll declaration's block: its post, how to roll it, its odds. */
export function declared(input: BuildInput | { error: string }, l: Locale): Built {
  if ('error' in input) return input;
  const d = buildDeclaration(input, l, uiLocale());
  if ('error' in d) return d;
  return { doc: d.post, extra: t('rt.howToRoll', { dice: d.roll.dice, options: d.roll.options.join(', '), reason: d.roll.reason }), decl: d };
}

/** A pasted roll line: the forum's own roller's, else a pool and its faces as any board shows them. */
export const recordOf = (line: string, read?: RollLineReader): RollRecord | null => read?.(line) ?? findFacesLines(line)[0]?.record ?? null;

/** A field's input, named by its label; `input`: its own attributes (bounds, width, placeholder, a shown value). */
export function Field({
  name,
  label,
  form,
  setForm,
  input = {},
}: {
  name: string;
  label: string;
  form: Form;
  setForm: (next: Form) => void;
  input?: Record<string, unknown>;
}) {
  return (
    <label class="field small">
      {label}
      <input value={form[name] ?? ''} onInput={(e) => setForm({ [name]: (e.target as HTMLInputElement).value })} {...input} data-field={name} />
    </label>
  );
}

/** A choice among game terms: the value stays the term the builders read, the option shows it in the UI's language. */
export function Choice({
  name,
  label,
  values,
  show,
  form,
  setForm,
}: {
  name: string;
  label: string;
  values: readonly string[];
  show: (v: string) => string;
  form: Form;
  setForm: (next: Form) => void;
}) {
  return (
    <label class="field small">
      {label}
      <select value={form[name]} onChange={(e) => setForm({ [name]: (e.target as HTMLSelectElement).value })}>
        {values.map((v) => (
          <option key={v} value={v}>
            {show(v)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The field props of a small number: its bounds and width. */
export const small = (min: number, max?: number, width = 70) => ({ type: 'number', min, ...(max === undefined ? {} : { max }), style: `width:${width}px` });
/** A modifier's field props (−5 to +5). */
export const MODIFIER = small(-5, 5);
