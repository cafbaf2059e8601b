/**
 * What an imported file would change in what a badge or a verdict says, each change on its own
 * line for the user to accept: the house rules (the default ones, and each game's), each
 * annotation switch, the dice-log check, the reroll window, the language, and each board the file
 * adds. "Your settings" hid them: a file could turn the badges and the re-roll check off, shorten
 * the window and add a board of its own under that one line. A change not accepted is not applied
 * (the value held stays); the rest of the settings (the theme, the threads' post languages) come
 * from the file as they always did.
 */
import { type Locale, LOCALE_NAMES, tl } from '../i18n';
import type { AddedBoard } from '../forums/added';
import type { ImportedBackup, Settings } from './schema';
import { withSharedRules } from './schema';

type Annotation = keyof Settings['annotations'];
const ANNOTATIONS: readonly Annotation[] = ['rolls', 'sheets', 'diceLog', 'drawer'];

/** One change a file makes to what a badge or a verdict says; `key` names it for the choice. */
export type SettingChange =
  | { key: string; kind: 'rules'; game: null }
  | { key: string; kind: 'gameRules'; game: string; name: string; removed: boolean }
  | { key: string; kind: 'annotation'; which: Annotation; to: boolean }
  | { key: string; kind: 'fetchDiceLog'; to: boolean }
  | { key: string; kind: 'rerollWindow'; from: number; to: number }
  | { key: string; kind: 'language'; from: Settings['language']; to: Settings['language'] }
  | { key: string; kind: 'board'; board: AddedBoard };

/** The settings an import would write, every change accepted: a house-rules file's rules go into the settings held. */
export function incomingSettings(mine: Settings, file: ImportedBackup): Settings {
  return file.rulesOnly ? withSharedRules(mine, file.settings) : file.settings;
}

/** Same value, by its JSON (the settings are plain data, validated, with their keys in the schema's order). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function rulesChanges(mine: Settings, next: Settings): SettingChange[] {
  const out: SettingChange[] = [];
  if (!same(mine.defaultRules, next.defaultRules)) out.push({ key: 'rules', kind: 'rules', game: null });
  const games = [...new Set([...Object.keys(mine.games), ...Object.keys(next.games)])].sort((a, b) => Number(a) - Number(b));
  for (const game of games) {
    const held = mine.games[game];
    const coming = next.games[game];
    if (held && coming && same(held.rules, coming.rules)) continue;
    out.push({ key: `rules:${game}`, kind: 'gameRules', game, name: (coming ?? held)?.name ?? '', removed: !coming });
  }
  return out;
}

/**
 * Each change the settings `next` make to `mine` in what a badge or a verdict says, in the order
 * the question lists them. Nothing when nothing of that changes.
 */
export function settingChanges(mine: Settings, next: Settings): SettingChange[] {
  const out = rulesChanges(mine, next);
  for (const which of ANNOTATIONS)
    if (mine.annotations[which] !== next.annotations[which]) out.push({ key: `annotation:${which}`, kind: 'annotation', which, to: next.annotations[which] });
  if (mine.fetchDiceLog !== next.fetchDiceLog) out.push({ key: 'fetchDiceLog', kind: 'fetchDiceLog', to: next.fetchDiceLog });
  if (mine.rerollWindowMinutes !== next.rerollWindowMinutes)
    out.push({ key: 'rerollWindow', kind: 'rerollWindow', from: mine.rerollWindowMinutes, to: next.rerollWindowMinutes });
  if (mine.language !== next.language) out.push({ key: 'language', kind: 'language', from: mine.language, to: next.language });
  for (const board of next.boards) {
    const held = mine.boards.find((b) => b.origin === board.origin);
    // A board held with the same software is read as before; another software is another reader.
    if (!held || held.forum !== board.forum) out.push({ key: `board:${board.origin}`, kind: 'board', board });
  }
  return out;
}

/** One change undone: the value held stays. */
function undo(c: SettingChange, mine: Settings, s: Settings): Settings {
  switch (c.kind) {
    case 'rules':
      return { ...s, defaultRules: mine.defaultRules };
    case 'gameRules': {
      const { [c.game]: _, ...games } = s.games;
      const held = mine.games[c.game];
      return { ...s, games: held ? { ...games, [c.game]: held } : games };
    }
    case 'annotation':
      return { ...s, annotations: { ...s.annotations, [c.which]: mine.annotations[c.which] } };
    case 'fetchDiceLog':
      return { ...s, fetchDiceLog: mine.fetchDiceLog };
    case 'rerollWindow':
      return { ...s, rerollWindowMinutes: mine.rerollWindowMinutes };
    case 'language':
      return { ...s, language: mine.language };
    case 'board': {
      const held = mine.boards.find((b) => b.origin === c.board.origin);
      return { ...s, boards: s.boards.flatMap((b) => (b.origin !== c.board.origin ? [b] : held ? [held] : [])) };
    }
  }
}

/**
 * The settings written: `next` with only the accepted changes (by key) taken, every other change
 * of what a badge or a verdict says left as held in `mine`. Computed against the settings held
 * when it is written, so a change made meanwhile is not undone by an earlier question.
 */
export function withAccepted(mine: Settings, next: Settings, accepted: readonly string[]): Settings {
  return settingChanges(mine, next).reduce((s, c) => (accepted.includes(c.key) ? s : undo(c, mine, s)), next);
}

const onOff = (l: Locale, on: boolean) => tl(l, on ? 'bk.change.on' : 'bk.change.off');
const languageName = (l: Locale, v: Settings['language']) => (v === 'auto' ? tl(l, 'bk.change.langAuto') : LOCALE_NAMES[v]);

/** A change in the user's words (for its line in the question). */
export function changeLine(c: SettingChange, l: Locale): string {
  switch (c.kind) {
    case 'rules':
      return tl(l, 'bk.change.rules');
    case 'gameRules':
      return tl(l, c.removed ? 'bk.change.gameRulesGone' : 'bk.change.gameRules', { game: c.game, name: c.name ? ` (${c.name})` : '' });
    case 'annotation':
      return `${tl(l, `opt.ann.${c.which}`)}: ${onOff(l, c.to)}`;
    case 'fetchDiceLog':
      return `${tl(l, 'bk.change.diceLog')}: ${onOff(l, c.to)}`;
    case 'rerollWindow':
      return tl(l, 'bk.change.reroll', { from: c.from, to: c.to });
    case 'language':
      return tl(l, 'bk.change.language', { from: languageName(l, c.from), to: languageName(l, c.to) });
    case 'board':
      return tl(l, 'bk.change.board', { origin: c.board.origin, name: c.board.name || c.board.origin });
  }
}
