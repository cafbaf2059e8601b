/**
 * Options' export and import. Import reads and validates the whole file first (lib/settings/schema.ts),
 * then says what it would replace, with counts, and writes nothing until the user confirms. A
 * game's private data held here (Parlor Magic's secrets) is never replaced by a file's; a file's
 * new entries are taken only when the user ticks that, separately for each game that has them.
 * Each change of what a badge or a verdict says (house rules, annotations, the dice-log check, the
 * reroll window, the language, a board added) is a line of its own, taken only when ticked; a
 * board ticked is asked of the browser, as Add forum asks, before anything is written.
 */
import { useEffect, useState } from 'preact/hooks';
import {
  exportBackup,
  exportSharedRules,
  type Backup,
  type ImportedBackup,
  type ImportPlan,
  importBackup,
  importPlan,
  privatePlans,
  type Settings,
} from '../lib/settings/schema';
import { PAGE_SHEETS_MAX } from '../lib/settings/tables';
import { changeLine, incomingSettings, type SettingChange, settingChanges } from '../lib/settings/changes';
import type { BoardActions } from './ForumsCard';
import { formatNumber, t, uiLocale } from './locale';
import { errorText } from '../lib/errors';

export interface BackupActions {
  /** Everything stored (settings, drafts, the bound sheet, planner work, tables), for Export. */
  backup: () => Promise<Backup>;
  /** Write a confirmed import; resolves to what it kept or dropped beyond the plan, rejects with the reason. */
  restore: (b: ImportedBackup, o: { takeNewSecrets: readonly string[]; accept: readonly string[] }) => Promise<{ sheetsDropped: number; settings: Settings }>;
  download: (name: string, text: string) => void;
  /** The page sheets kept, and how many the total cap has dropped (and when last). */
  sheets: () => Promise<{ kept: number; dropped: number; at: number | null }>;
}

type Status = { ok: boolean; text: string };
/** Each game's private entries in the file (its store, how many are new here and how many held already). */
type PrivatePlans = ReturnType<typeof privatePlans>;
type Pending = { backup: ImportedBackup; plan: ImportPlan; privates: PrivatePlans; changes: SettingChange[]; migratedFrom: number | null };
/** What the user ticked: the games whose new private entries to take, and the changes to take (by key). */
type Choice = { takeNew: readonly string[]; accept: readonly string[] };

/** A game's private entries in the file, in its own words: how many, and how many are the same as those held. */
const privateLine = ({ store, fresh, same }: PrivatePlans[number]): string =>
  [t(store.words.count, { count: formatNumber(fresh + same) }), same ? t(store.words.same, { count: formatNumber(same) }) : ''].filter(Boolean).join(' ');

/** The lines of the question: what the file replaces, with counts. */
export function planLines(p: ImportPlan, privates: PrivatePlans): string[] {
  const n = (count: number) => ({ count: formatNumber(count) });
  const lines = [
    p.rulesOnly
      ? t('bk.rulesOnly', { ...n(p.rules.games), replacing: p.rules.replacing })
      : p.rules.games
        ? `${t('opt.io.settings')}: ${t('bk.rules', { ...n(p.rules.games), replacing: p.rules.replacing })}`
        : t('opt.io.settings'),
    p.drafts.total
      ? `${t('opt.io.drafts', n(p.drafts.total))}: ${t('opt.io.draftsReplace', n(p.drafts.replacing))}; ${t('opt.io.draftsKept', n(p.drafts.kept))}`
      : '',
    p.setAside ? t('bk.setAside', n(p.setAside)) : '',
    p.bound === 'replace' ? t('opt.io.boundHave') : p.bound === 'new' ? t('opt.io.bound') : p.bound === 'remove' ? t('opt.io.boundNone') : '',
    p.scratch ? t('opt.io.scratch') : '',
    p.tables.total ? t('bk.tables', { ...n(p.tables.total), replacing: p.tables.replacing }) : '',
    p.sheets ? t('bk.sheets', { ...n(p.sheets), max: PAGE_SHEETS_MAX }) : '',
  ];
  for (const one of privates) if (one.fresh + one.same) lines.push(privateLine(one));
  return lines.filter(Boolean);
}

/** A tick for each game whose new private entries the file has: take them too (off until the user ticks it). */
function TakeNew({ privates, taken, setTaken }: { privates: PrivatePlans; taken: readonly string[]; setTaken: (keys: string[]) => void }) {
  return (
    <>
      {privates
        .filter((p) => p.fresh > 0)
        .map(({ store, fresh }) => (
          <p class="small" key={store.key}>
            <label>
              <input
                type="checkbox"
                checked={taken.includes(store.key)}
                data-testid="take-secrets"
                onChange={(e) => setTaken((e.target as HTMLInputElement).checked ? [...taken, store.key] : taken.filter((k) => k !== store.key))}
              />{' '}
              {t(store.words.fresh, { count: formatNumber(fresh) })}
            </label>
            <br />
            <span class="muted">{t(store.words.warn)}</span>
          </p>
        ))}
    </>
  );
}

/** A tick for each change of what a badge or a verdict says (off until the user ticks it: unticked, what is held stays). */
function TakeChanges({
  changes,
  accepted,
  setAccepted,
}: {
  changes: readonly SettingChange[];
  accepted: readonly string[];
  setAccepted: (keys: string[]) => void;
}) {
  if (!changes.length) return null;
  return (
    <fieldset class="small" data-testid="import-changes">
      <legend>{t('bk.changes')}</legend>
      {changes.map((c) => (
        <label key={c.key} style="display:block">
          <input
            type="checkbox"
            checked={accepted.includes(c.key)}
            data-testid="take-change"
            data-change={c.key}
            onChange={(e) => setAccepted((e.target as HTMLInputElement).checked ? [...accepted, c.key] : accepted.filter((k) => k !== c.key))}
          />{' '}
          {changeLine(c, uiLocale())}
        </label>
      ))}
    </fieldset>
  );
}

function ImportConfirm({ pending, onConfirm, onCancel }: { pending: Pending; onConfirm: (choice: Choice) => void; onCancel: () => void }) {
  const [taken, setTaken] = useState<string[]>([]);
  const [accepted, setAccepted] = useState<string[]>([]);
  return (
    <div class="card" role="alertdialog" aria-labelledby="import-q" aria-describedby="import-what" data-testid="import-confirm">
      <p id="import-q" style="margin:0">
        <b>{t('opt.io.ask')}</b>
      </p>
      <ul class="small" id="import-what">
        {planLines(pending.plan, pending.privates).map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      <TakeChanges changes={pending.changes} accepted={accepted} setAccepted={setAccepted} />
      <TakeNew privates={pending.privates} taken={taken} setTaken={setTaken} />
      <div class="row">
        <button type="button" class="btn primary" onClick={() => onConfirm({ takeNew: taken, accept: accepted })}>
          {t('opt.io.replace')}
        </button>
        <button type="button" class="btn" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}

/** How many page sheets are kept, and what the total cap dropped (said where the user looks after their data). */
function SheetsNote({ sheets }: { sheets: BackupActions['sheets'] }) {
  const [note, setNote] = useState<Awaited<ReturnType<BackupActions['sheets']>> | null>(null);
  useEffect(() => void sheets().then(setNote, () => setNote(null)), [sheets]);
  if (!note || (!note.kept && !note.dropped)) return null;
  const date = note.at ? new Date(note.at).toLocaleDateString(uiLocale()) : '';
  return (
    <p class="small muted" data-testid="sheets-note">
      {t('bk.sheetsNote', { kept: formatNumber(note.kept), max: PAGE_SHEETS_MAX })}
      {note.dropped ? ` ${t('bk.sheetsDropped', { count: formatNumber(note.dropped), date })}` : ''}
    </p>
  );
}

/** The question for a file read: what it replaces, by counts, and each change of what a badge or a verdict says against what is held. */
const pendingOf = (mine: Backup, backup: ImportedBackup, migratedFrom: number | null): Pending => ({
  backup,
  plan: importPlan(mine, backup),
  privates: privatePlans(mine, backup),
  changes: settingChanges(mine.settings, incomingSettings(mine.settings, backup)),
  migratedFrom,
});

/**
 * A confirmed import written with the user's ticks. The boards ticked are asked of the browser
 * first, in one request made in the click's own call (as Add forum asks: a browser asks only for a
 * user's gesture); refused (or with no way to ask), none of them is added, and they are returned.
 */
function writeChosen(p: Pending, { takeNew, accept }: Choice, io: BackupActions, boards: BoardActions | undefined) {
  const origins = p.changes.flatMap((c) => (c.kind === 'board' && accept.includes(c.key) ? [c.board.origin] : []));
  const asked = !origins.length ? Promise.resolve(true) : boards ? boards.allowAll(origins).catch(() => false) : Promise.resolve(false);
  return asked.then((allowed) => {
    const taken = allowed ? accept : accept.filter((k) => !origins.some((o) => k === `board:${o}`));
    return io.restore(p.backup, { takeNewSecrets: takeNew, accept: taken }).then((done) => ({ done, refused: allowed ? [] : origins }));
  });
}

/** Options' export buttons (everything; house rules to share), the import, and its question. */
export function BackupControls({
  settings,
  io,
  boards,
  setStatus,
  setSettings,
}: {
  settings: Settings;
  io: BackupActions;
  /** The browser's permission for the boards a file adds (as Add forum asks it); without it, no board is added. */
  boards?: BoardActions | undefined;
  setStatus: (s: Status) => void;
  setSettings: (s: Settings) => void;
}) {
  const [pending, setPending] = useState<Pending | null>(null);
  /** Bumped after an import, so the page sheets' note is read again. */
  const [round, setRound] = useState(0);
  const choose = (text: string) => {
    const r = importBackup(text, uiLocale());
    if (!r.ok) return setStatus({ ok: false, text: t('opt.io.failed', { reason: r.error }) });
    void io.backup().then(
      (mine) => setPending(pendingOf(mine, r.backup, r.migratedFrom)),
      (e: unknown) => setStatus({ ok: false, text: t('opt.io.failed', { reason: errorText(e) }) }),
    );
  };
  const confirm = (p: Pending, choice: Choice) => {
    // Called in the click's own call: the browser's question for a ticked board comes before anything is awaited.
    const written = writeChosen(p, choice, io, boards);
    setPending(null);
    void written.then(
      ({ done, refused }) => {
        setRound((r) => r + 1);
        setSettings(done.settings);
        const said = p.migratedFrom !== null ? t('opt.io.importedMigrated', { version: p.migratedFrom }) : t('opt.io.imported');
        const dropped = done.sheetsDropped ? ` ${t('bk.sheetsDroppedNow', { count: formatNumber(done.sheetsDropped), max: PAGE_SHEETS_MAX })}` : '';
        const no = refused.length ? ` ${t('bk.change.refused', { origins: refused.join(', ') })}` : '';
        setStatus({ ok: !refused.length, text: said + dropped + no });
      },
      (err: unknown) => setStatus({ ok: false, text: t('opt.io.failed', { reason: errorText(err) }) }),
    );
  };
  return (
    <>
      <div class="row">
        <button
          type="button"
          class="btn"
          onClick={() => void io.backup().then((b) => io.download('spark-scribe-backup.json', exportBackup({ ...b, settings })))}
        >
          {t('opt.io.export')}
        </button>
        <button
          type="button"
          class="btn"
          aria-describedby="export-rules-hint"
          onClick={() => io.download('spark-scribe-house-rules.json', exportSharedRules(settings))}
        >
          {t('bk.exportRules')}
        </button>
        <label class="btn">
          {t('opt.io.import')}
          <input
            type="file"
            accept="application/json,.json"
            style="display:none"
            data-testid="import"
            onChange={(e) => {
              const input = e.target as HTMLInputElement;
              const file = input.files?.[0];
              if (!file) return;
              void file.text().then((text) => {
                input.value = '';
                choose(text);
              });
            }}
          />
        </label>
      </div>
      <p class="small muted" id="export-rules-hint">
        {t('bk.exportRulesHint')}
      </p>
      <SheetsNote key={round} sheets={io.sheets} />
      {pending && (
        <ImportConfirm
          pending={pending}
          onConfirm={(choice) => confirm(pending, choice)}
          onCancel={() => {
            setPending(null);
            setStatus({ ok: true, text: t('opt.io.cancelled') });
          }}
        />
      )}
    </>
  );
}
