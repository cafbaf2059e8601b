import { useEffect, useState } from 'preact/hooks';
import { type BoardActions, ForumsCard } from './ForumsCard';
import type { Settings } from '../lib/settings/schema';
import { type BackupActions, BackupControls } from './ImportConfirm';
import { formatOwnedCards, formatSignedList, parseNameList, parseOwnedCards, parseSignedList } from '../lib/settings/fields';
import { DUEL_STAKES, type GameRules } from '../lib/spark/settings';
import { GameRulesSchema } from '../lib/spark/rules-schema';
import { t, uiLocale } from './locale';
import { LookCard } from './options/LookCard';
import { useSettings } from './options/use-settings';
import { themeOf } from './theme';
import { TurnsCard } from './turns/TurnsCard';

type Props = {
  load: () => Promise<{ settings: Settings; problem: string | null }>;
  /** Save; resolves to a note to show instead of “Saved.” (what could not be synced), or null. */
  save: (s: Settings) => Promise<string | null>;
  /** Export, import (asked first) and the page sheets' note. */
  io: BackupActions;
  /** The UI language changed (or was read): the entrypoint sets it before the next render. */
  onLanguage?: (pref: Settings['language']) => void;
  /** Adding and removing boards (the browser's permissions): without it, the forums card is not shown. */
  boards?: BoardActions;
};

/** A text input that keeps what the user typed and reports a parse problem beside it. */
function ParsedField<T>({
  label,
  initial,
  parse,
  onValid,
  rows = 1,
  hint,
}: {
  label: string;
  initial: string;
  parse: (s: string) => { ok: true; value: T } | { ok: false; error: string };
  onValid: (v: T) => void;
  rows?: number;
  hint?: string;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(initial), [initial]);
  const onInput = (e: Event) => {
    const t = (e.target as HTMLInputElement).value;
    setText(t);
    const r = parse(t);
    if (r.ok) {
      setError(null);
      onValid(r.value);
    } else setError(r.error);
  };
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control (a textarea or an input) is inside the label
    <label class="field small">
      {label}
      {rows > 1 ? (
        <textarea rows={rows} value={text} onInput={onInput} aria-invalid={!!error} />
      ) : (
        <input value={text} onInput={onInput} aria-invalid={!!error} placeholder={hint} />
      )}
      {error && <span class="error">{error}</span>}
    </label>
  );
}

type Race = GameRules['races'][number];
type SetRule = <K extends keyof GameRules>(k: K, v: GameRules[K]) => void;

/** The duel's own rules: the switches, the stakes, the life totals and costs, and how unique a planeswalker is. */
function DuelRules({ rules, set }: { rules: GameRules; set: SetRule }) {
  const check = (k: 'strictAffinity' | 'commonsAlwaysFour' | 'wearResetsEachTurn' | 'toughnessVsDirectDamage', label: string) => (
    <label class="row small">
      <input type="checkbox" checked={rules[k]} onChange={(e) => set(k, (e.target as HTMLInputElement).checked)} /> {label}
    </label>
  );
  const int = (
    k: 'manaBurnPerMana' | 'belowZeroTestDifficulty' | 'friendlyDuelLife' | 'duelToDeathLife' | 'deathLife',
    label: string,
    min: number,
    max: number,
  ) => (
    <label class="field small">
      {label}
      <input
        type="number"
        min={min}
        max={max}
        value={rules[k]}
        onInput={(e) => {
          const n = Number((e.target as HTMLInputElement).value);
          if (Number.isInteger(n) && n >= min && n <= max) set(k, n);
        }}
      />
    </label>
  );
  return (
    <>
      {check('strictAffinity', t('opt.rule.strictAffinity'))}
      {check('commonsAlwaysFour', t('opt.rule.commonsAlwaysFour'))}
      {check('wearResetsEachTurn', t('opt.rule.wearResets'))}
      {check('toughnessVsDirectDamage', t('opt.rule.toughnessVsDirect'))}
      <div class="row">
        <label class="field small">
          {t('opt.rule.stakes')}
          <select value={rules.duelStakes} onChange={(e) => set('duelStakes', (e.target as HTMLSelectElement).value as GameRules['duelStakes'])}>
            {DUEL_STAKES.map((s) => (
              <option key={s} value={s}>
                {s === 'friendly' ? t('opt.stakes.friendly') : s === 'surrender' ? t('opt.stakes.surrender') : t('opt.stakes.death')}
              </option>
            ))}
          </select>
        </label>
        {int('friendlyDuelLife', t('opt.rule.friendlyLife'), -50, 100)}
        {int('duelToDeathLife', t('opt.rule.deathDuelLife'), -100, 0)}
        {int('deathLife', t('opt.rule.deathLife'), -100, 0)}
        {int('manaBurnPerMana', t('opt.rule.manaBurn'), 0, 10)}
        {int('belowZeroTestDifficulty', t('opt.rule.belowZero'), 0, 20)}
        <label class="field small">
          {t('opt.rule.pwUnique')}
          <select
            value={rules.planeswalkerUniqueness}
            onChange={(e) => set('planeswalkerUniqueness', (e.target as HTMLSelectElement).value as GameRules['planeswalkerUniqueness'])}
          >
            <option value="seed">{t('opt.pwUnique.seed')}</option>
            <option value="2013">{t('opt.pwUnique.2013')}</option>
            <option value="legend">{t('opt.pwUnique.legend')}</option>
          </select>
        </label>
      </div>
    </>
  );
}

/** One race of the game: its name, and what it adds to a character's stats, modifiers, affinities and keywords. */
function RaceCard({ race, update, remove }: { race: Race; update: (r: Partial<Race>) => void; remove: () => void }) {
  return (
    <div class="card">
      <div class="row">
        <label class="field small">
          {t('opt.race.name')}
          <input value={race.name} onInput={(e) => update({ name: (e.target as HTMLInputElement).value.slice(0, 60) })} />
        </label>
        <button type="button" class="btn small" onClick={remove}>
          {t('common.remove')}
        </button>
      </div>
      <ParsedField
        label={t('opt.race.bonuses')}
        hint="Power +1, Life +2"
        initial={formatSignedList(race.bonuses)}
        parse={(x) => parseSignedList(x, uiLocale())}
        onValid={(v) => update({ bonuses: v })}
      />
      <ParsedField
        label={t('opt.race.modifiers')}
        hint="Speed +1, Draw -1"
        initial={formatSignedList(race.modifiers)}
        parse={(x) => parseSignedList(x, uiLocale())}
        onValid={(v) => update({ modifiers: v })}
      />
      <ParsedField
        label={t('opt.race.affinities')}
        hint="Blue, Blue/White"
        initial={race.allowedAffinities.join(', ')}
        parse={(t) => ({ ok: true as const, value: parseNameList(t) })}
        onValid={(v) => update({ allowedAffinities: v })}
      />
      <ParsedField
        label={t('opt.race.keywords')}
        hint="Flying -2"
        initial={formatSignedList(race.keywordAdjustments)}
        parse={(x) => parseSignedList(x, uiLocale())}
        onValid={(v) => update({ keywordAdjustments: v })}
      />
    </div>
  );
}

/** The game's races: each one's card, and adding one. */
function RacesEditor({ races, onChange }: { races: GameRules['races']; onChange: (r: GameRules['races']) => void }) {
  const add = () =>
    onChange([...races, { name: t('opt.race.default', { n: races.length + 1 }), bonuses: {}, modifiers: {}, allowedAffinities: [], keywordAdjustments: {} }]);
  return (
    <>
      <h3>{t('opt.races')}</h3>
      <p class="small muted">{t('opt.races.empty')}</p>
      {races.map((race, i) => (
        <RaceCard
          key={i}
          race={race}
          update={(r) => onChange(races.map((x, j) => (j === i ? { ...x, ...r } : x)))}
          remove={() => onChange(races.filter((_, j) => j !== i))}
        />
      ))}
      <button type="button" class="btn small" onClick={add}>
        {t('opt.race.add')}
      </button>
    </>
  );
}

/** A game's house rules: the duel's, the cards' (keywords and mythics acquired), and its races. */
function RulesEditor({ rules, onChange }: { rules: GameRules; onChange: (r: GameRules) => void }) {
  const set: SetRule = (k, v) => onChange({ ...rules, [k]: v });
  return (
    <div>
      <DuelRules rules={rules} set={set} />
      <ParsedField
        label={t('opt.rule.keywordAdj')}
        hint="Flying -1, Trample +1"
        initial={formatSignedList(rules.keywordAdjustments)}
        parse={(x) => parseSignedList(x, uiLocale())}
        onValid={(v) => set('keywordAdjustments', v)}
      />
      <ParsedField
        label={t('opt.rule.mythics')}
        rows={3}
        initial={formatOwnedCards(rules.acquiredMythics)}
        parse={(x) => parseOwnedCards(x, uiLocale())}
        onValid={(v) => set('acquiredMythics', v)}
      />
      <RacesEditor races={rules.races} onChange={(r) => set('races', r)} />
    </div>
  );
}

/** The house rules of each RPOL game that has its own, and adding one. */
function GameRulesCard({ settings, update }: { settings: Settings; update: (s: Settings) => void }) {
  const [newGame, setNewGame] = useState('');
  return (
    <section class="card" aria-labelledby="h-games">
      <h2 id="h-games">{t('opt.rulesPerGame')}</h2>
      {Object.entries(settings.games).map(([gi, g]) => (
        <details key={gi} class="card">
          <summary>
            {t('opt.game', { gi })} {g.name && `· ${g.name}`}
          </summary>
          <button
            type="button"
            class="btn small"
            onClick={() => {
              const games = { ...settings.games };
              delete games[gi];
              update({ ...settings, games });
            }}
          >
            {t('opt.game.remove')}
          </button>
          <RulesEditor rules={g.rules} onChange={(r) => update({ ...settings, games: { ...settings.games, [gi]: { ...g, rules: r } } })} />
        </details>
      ))}
      <div class="row">
        <label class="field small">
          {t('opt.game.id')}
          <input value={newGame} inputMode="numeric" onInput={(e) => setNewGame((e.target as HTMLInputElement).value.trim())} />
        </label>
        <button
          type="button"
          class="btn small"
          disabled={!/^\d{1,9}$/.test(newGame) || newGame in settings.games}
          onClick={() => {
            update({ ...settings, games: { ...settings.games, [newGame]: { name: '', rules: GameRulesSchema.parse(settings.defaultRules) } } });
            setNewGame('');
          }}
        >
          {t('opt.game.add')}
        </button>
      </div>
    </section>
  );
}

export function OptionsApp({ load, save, io, onLanguage, boards }: Props) {
  const { settings, setSettings, status, setStatus, update, saveBoards } = useSettings(load, save, onLanguage);
  if (!settings) return <p>{t('common.loading')}</p>;
  const theme = themeOf(settings.theme);

  return (
    <div class="ss panel" data-theme={theme}>
      <main style="max-width:820px;margin:0 auto">
        <h1>{t('opt.title')}</h1>
        <div role="status" class={status ? (status.ok ? 'ok' : 'error') : ''} data-testid="status">
          {status?.text}
        </div>
        <LookCard settings={settings} update={update} />
        {boards && <ForumsCard boards={settings.boards} actions={boards} onBoards={saveBoards} />}
        <section class="card" aria-labelledby="h-rules">
          <h2 id="h-rules">{t('opt.rulesAll')}</h2>
          <RulesEditor rules={settings.defaultRules} onChange={(r) => update({ ...settings, defaultRules: r })} />
        </section>
        <GameRulesCard settings={settings} update={update} />
        <TurnsCard />
        <section class="card" aria-labelledby="h-keys">
          <h2 id="h-keys">{t('opt.keys')}</h2>
          <p class="small">{t('opt.keys.hint')}</p>
        </section>
        <section class="card" aria-labelledby="h-io">
          <h2 id="h-io">{t('opt.io')}</h2>
          <p class="small muted">{t('opt.io.hint')}</p>
          <p class="small muted">{t('opt.sync.hint')}</p>
          <BackupControls settings={settings} io={io} boards={boards} setStatus={setStatus} setSettings={setSettings} />
        </section>
      </main>
    </div>
  );
}
