import { useEffect, useState } from 'preact/hooks';
import { exportBackup, importBackup, SettingsSchema, THEMES, type Backup, type Settings } from '../lib/settings/schema';
import { formatOwnedCards, formatSignedList, parseNameList, parseOwnedCards, parseSignedList } from '../lib/settings/fields';
import { DUEL_STAKES, type GameRules } from '../lib/spark/settings';
import { GameRulesSchema } from '../lib/spark/rules-schema';

type Props = {
  load: () => Promise<{ settings: Settings; problem: string | null }>;
  save: (s: Settings) => Promise<void>;
  /** Everything stored (settings, drafts, the bound sheet, planner work), for Export. */
  backup: () => Promise<Backup>;
  restore: (b: Partial<Backup> & { settings: Settings }) => Promise<void>;
  download: (name: string, text: string) => void;
};

/** A text input that keeps what the user typed and reports a parse problem beside it. */
function ParsedField<T>({ label, initial, parse, onValid, rows = 1, hint }: { label: string; initial: string; parse: (s: string) => { ok: true; value: T } | { ok: false; error: string }; onValid: (v: T) => void; rows?: number; hint?: string }) {
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
    <label class="field small">
      {label}
      {rows > 1 ? <textarea rows={rows} value={text} onInput={onInput} aria-invalid={!!error} /> : <input value={text} onInput={onInput} aria-invalid={!!error} placeholder={hint} />}
      {error && <span class="error">{error}</span>}
    </label>
  );
}

function RulesEditor({ rules, onChange }: { rules: GameRules; onChange: (r: GameRules) => void }) {
  const set = <K extends keyof GameRules>(k: K, v: GameRules[K]) => onChange({ ...rules, [k]: v });
  const check = (k: 'strictAffinity' | 'commonsAlwaysFour' | 'wearResetsEachTurn' | 'toughnessVsDirectDamage', label: string) => (
    <label class="row small">
      <input type="checkbox" checked={rules[k]} onChange={(e) => set(k, (e.target as HTMLInputElement).checked)} /> {label}
    </label>
  );
  const int = (k: 'manaBurnPerMana' | 'belowZeroTestDifficulty' | 'friendlyDuelLife' | 'duelToDeathLife' | 'deathLife', label: string, min: number, max: number) => (
    <label class="field small">
      {label}
      <input type="number" min={min} max={max} value={rules[k]} onInput={(e) => {
        const n = Number((e.target as HTMLInputElement).value);
        if (Number.isInteger(n) && n >= min && n <= max) set(k, n);
      }} />
    </label>
  );
  return (
    <div>
      {check('strictAffinity', 'Strict affinity: every affinity colour at least every other colour')}
      {check('commonsAlwaysFour', 'Max Common Copies is always 4')}
      {check('wearResetsEachTurn', 'Wear from rolled 1s resets each turn')}
      {check('toughnessVsDirectDamage', 'Toughness roll allowed against direct damage')}
      <div class="row">
        <label class="field small">
          Duel stakes
          <select value={rules.duelStakes} onChange={(e) => set('duelStakes', (e.target as HTMLSelectElement).value as GameRules['duelStakes'])}>
            {DUEL_STAKES.map((s) => (
              <option key={s} value={s}>
                {s === 'friendly' ? 'friendly (agreed Life)' : s === 'surrender' ? 'surrender / fainted (0)' : 'to the death'}
              </option>
            ))}
          </select>
        </label>
        {int('friendlyDuelLife', 'Friendly duel ends at Life', -50, 100)}
        {int('duelToDeathLife', 'Duel to the death ends at', -100, 0)}
        {int('deathLife', 'Death outside duels at', -100, 0)}
        {int('manaBurnPerMana', 'Mana burn (Life per mana)', 0, 10)}
        {int('belowZeroTestDifficulty', 'Toughness test below 0 Life', 0, 20)}
        <label class="field small">
          Planeswalker cards: uniqueness
          <select value={rules.planeswalkerUniqueness} onChange={(e) => set('planeswalkerUniqueness', (e.target as HTMLSelectElement).value as GameRules['planeswalkerUniqueness'])}>
            <option value="seed">the article’s rule: same subtype, all go (default)</option>
            <option value="2013">the 2013 rule: same subtype, same controller keeps one</option>
            <option value="legend">the legend rule: same name, same controller keeps one</option>
          </select>
        </label>
      </div>
      <ParsedField label="Keyword cost adjustments (XP added; negative is cheaper)" hint="Flying -1, Trample +1" initial={formatSignedList(rules.keywordAdjustments)} parse={parseSignedList} onValid={(v) => set('keywordAdjustments', v)} />
      <ParsedField label="Mythic/Legendary cards acquired in play (one character per line)" rows={3} initial={formatOwnedCards(rules.acquiredMythics)} parse={parseOwnedCards} onValid={(v) => set('acquiredMythics', v)} />
      <h4>Races</h4>
      <p class="small muted">The seed’s race table is empty: enter your game’s races here.</p>
      {rules.races.map((race, i) => {
        const update = (r: Partial<GameRules['races'][number]>) => set('races', rules.races.map((x, j) => (j === i ? { ...x, ...r } : x)));
        return (
          <div key={i} class="card">
            <div class="row">
              <label class="field small">
                Name
                <input value={race.name} onInput={(e) => update({ name: (e.target as HTMLInputElement).value.slice(0, 60) })} />
              </label>
              <button type="button" class="btn small" onClick={() => set('races', rules.races.filter((_, j) => j !== i))}>
                Remove
              </button>
            </div>
            <ParsedField label="Flat bonuses" hint="Power +1, Life +2" initial={formatSignedList(race.bonuses)} parse={parseSignedList} onValid={(v) => update({ bonuses: v })} />
            <ParsedField label="Roll modifiers" hint="Speed +1, Draw -1" initial={formatSignedList(race.modifiers)} parse={parseSignedList} onValid={(v) => update({ modifiers: v })} />
            <ParsedField label="Allowed colour affinities" hint="Blue, Blue/White" initial={race.allowedAffinities.join(', ')} parse={(t) => ({ ok: true as const, value: parseNameList(t) })} onValid={(v) => update({ allowedAffinities: v })} />
            <ParsedField label="Keyword adjustments for this race" hint="Flying -2" initial={formatSignedList(race.keywordAdjustments)} parse={parseSignedList} onValid={(v) => update({ keywordAdjustments: v })} />
          </div>
        );
      })}
      <button type="button" class="btn small" onClick={() => set('races', [...rules.races, { name: `Race ${rules.races.length + 1}`, bonuses: {}, modifiers: {}, allowedAffinities: [], keywordAdjustments: {} }])}>
        Add a race
      </button>
    </div>
  );
}

export function OptionsApp({ load, save, backup, restore, download }: Props) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [newGame, setNewGame] = useState('');
  const [pending, setPending] = useState<{ backup: Partial<Backup> & { settings: Settings }; summary: string[]; migratedFrom: number | null } | null>(null);
  useEffect(() => {
    void load().then((r) => {
      setSettings(r.settings);
      if (r.problem) setStatus({ ok: false, text: r.problem });
    });
  }, []);
  if (!settings) return <p>Loading…</p>;

  const update = (next: Settings) => {
    const valid = SettingsSchema.safeParse(next);
    if (!valid.success) {
      setStatus({ ok: false, text: `Not saved: ${valid.error.issues[0]?.message ?? 'invalid'}` });
      return;
    }
    const before = settings;
    setSettings(valid.data);
    void save(valid.data)
      .then(() => setStatus({ ok: true, text: 'Saved.' }))
      .catch((e: unknown) => {
        // What is shown is what is stored: back to it, with the reason.
        setSettings(before);
        setStatus({ ok: false, text: `Not saved: ${e instanceof Error ? e.message : String(e)}` });
      });
  };
  const theme = settings.theme === 'dark' || (settings.theme === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches) ? 'dark' : 'light';
  const ann = settings.annotations;

  return (
    <div class="ss panel" data-theme={theme}>
    <main style="max-width:820px;margin:0 auto">
      <h1>Spark Scribe options</h1>
      <div role="status" class={status ? (status.ok ? 'ok' : 'error') : ''} data-testid="status">
        {status?.text}
      </div>
      <section class="card" aria-labelledby="h-look">
        <h2 id="h-look">Look and annotations</h2>
        <fieldset class="row" style="border:0;padding:0">
          <legend class="small">Theme</legend>
          {THEMES.map((t) => (
            <label key={t} class="row small">
              <input type="radio" name="theme" value={t} checked={settings.theme === t} onChange={() => update({ ...settings, theme: t })} /> {t}
            </label>
          ))}
        </fieldset>
        {(
          [
            ['rolls', 'Badges beside rolls in threads'],
            ['sheets', 'Badges beside character sheets'],
            ['diceLog', 'Badges on the Die Roller log'],
            ['drawer', 'The in-page drawer button'],
          ] as const
        ).map(([k, label]) => (
          <label key={k} class="row small">
            <input type="checkbox" name={`annotation-${k}`} checked={ann[k]} onChange={(e) => update({ ...settings, annotations: { ...ann, [k]: (e.target as HTMLInputElement).checked } })} /> {label}
          </label>
        ))}
        <label class="row small">
          <input type="checkbox" checked={settings.fetchDiceLog} onChange={(e) => update({ ...settings, fetchDiceLog: (e.target as HTMLInputElement).checked })} /> On a thread, read the game’s Die Roller log (same site) to flag re-rolls
        </label>
        <label class="field small" style="max-width:220px">
          Re-roll window (minutes)
          <input type="number" min={1} max={1440} value={settings.rerollWindowMinutes} onInput={(e) => {
            const n = Number((e.target as HTMLInputElement).value);
            if (Number.isInteger(n) && n >= 1 && n <= 1440) update({ ...settings, rerollWindowMinutes: n });
          }} />
        </label>
      </section>
      <section class="card" aria-labelledby="h-rules">
        <h2 id="h-rules">House rules for every game</h2>
        <RulesEditor rules={settings.defaultRules} onChange={(r) => update({ ...settings, defaultRules: r })} />
      </section>
      <section class="card" aria-labelledby="h-games">
        <h2 id="h-games">House rules per game</h2>
        {Object.entries(settings.games).map(([gi, g]) => (
          <details key={gi} class="card">
            <summary>
              Game {gi} {g.name && `· ${g.name}`}
            </summary>
            <button type="button" class="btn small" onClick={() => {
              const games = { ...settings.games };
              delete games[gi];
              update({ ...settings, games });
            }}>
              Remove this game
            </button>
            <RulesEditor rules={g.rules} onChange={(r) => update({ ...settings, games: { ...settings.games, [gi]: { ...g, rules: r } } })} />
          </details>
        ))}
        <div class="row">
          <label class="field small">
            RPOL game id (gi=…)
            <input value={newGame} inputMode="numeric" onInput={(e) => setNewGame((e.target as HTMLInputElement).value.trim())} />
          </label>
          <button type="button" class="btn small" disabled={!/^\d{1,9}$/.test(newGame) || newGame in settings.games} onClick={() => {
            update({ ...settings, games: { ...settings.games, [newGame]: { name: '', rules: GameRulesSchema.parse(settings.defaultRules) } } });
            setNewGame('');
          }}>
            Add game
          </button>
        </div>
      </section>
      <section class="card" aria-labelledby="h-io">
        <h2 id="h-io">Export and import</h2>
        <p class="small muted">One JSON file with your settings, reply drafts, bound sheet and planner work. Import checks every part first: a bad file changes nothing.</p>
        <div class="row">
          <button type="button" class="btn" onClick={() => void backup().then((b) => download('spark-scribe-backup.json', exportBackup({ ...b, settings })))}>
            Export settings and data
          </button>
          <label class="btn">
            Import…
            <input type="file" accept="application/json,.json" style="display:none" data-testid="import" onChange={(e) => {
              const input = e.target as HTMLInputElement;
              const file = input.files?.[0];
              if (!file) return;
              void file.text().then((text) => {
                const r = importBackup(text);
                input.value = '';
                if (!r.ok) {
                  setStatus({ ok: false, text: `Import failed, nothing changed: ${r.error}` });
                  return;
                }
                // Say what the file replaces, and ask first.
                void backup().then((mine) => {
                  const drafts = Object.keys(r.backup.drafts?.threads ?? {});
                  const replaced = drafts.filter((k) => mine.drafts.threads[k]);
                  const lines = [
                    'Import this file? It replaces:',
                    '• your settings and house rules',
                    drafts.length ? `• ${drafts.length} reply draft${drafts.length === 1 ? '' : 's'}: ${replaced.length} replace${replaced.length === 1 ? 's' : ''} the draft you have for that thread; your other ${Object.keys(mine.drafts.threads).length - replaced.length} stay` : '',
                    r.backup.boundSheet ? `• your bound sheet${mine.boundSheet ? ' (you have one)' : ''}` : r.backup.boundSheet === null && mine.boundSheet ? '• your bound sheet (the file has none: it is unbound)' : '',
                    r.backup.scratch ? '• your planner work and pasted sheet' : '',
                    r.backup.tables ? '• the game chosen for each RPOL game, and the matches, deals and duel tables' : '',
                  ].filter(Boolean);
                  setPending({ backup: r.backup, summary: lines, migratedFrom: r.migratedFrom });
                });
              });
            }} />
          </label>
        </div>
        {pending && (
          <div class="card" role="alertdialog" aria-labelledby="import-q" data-testid="import-confirm">
            <p id="import-q" style="margin:0">
              <b>{pending.summary[0]}</b>
            </p>
            <ul class="small">
              {pending.summary.slice(1).map((l) => (
                <li key={l}>{l.replace(/^• /, '')}</li>
              ))}
            </ul>
            <div class="row">
              <button
                type="button"
                class="btn primary"
                onClick={() => {
                  const p = pending;
                  setPending(null);
                  void restore(p.backup)
                    .then(() => {
                      setSettings(p.backup.settings);
                      setStatus({ ok: true, text: `Imported${p.migratedFrom !== null ? ` (settings migrated from version ${p.migratedFrom})` : ''}.` });
                    })
                    .catch((err: unknown) => setStatus({ ok: false, text: `Import failed, nothing changed: ${err instanceof Error ? err.message : String(err)}` }));
                }}
              >
                Import and replace
              </button>
              <button type="button" class="btn" onClick={() => (setPending(null), setStatus({ ok: true, text: 'Import cancelled: nothing changed.' }))}>
                Cancel
              </button>
            </div>
          </div>
        )}
      </section>
    </main>
    </div>
  );
}
