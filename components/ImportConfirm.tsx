/**
 * Options' export and import. Import reads and validates the whole file first (lib/settings/schema.ts),
 * then says what it would replace, with counts, and writes nothing until the user confirms. A
 * game's private data held here (Parlor Magic's secrets) is never replaced by a file's; a file's
 * new entries are taken only when the user ticks that, separately for each game that has them.
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
import { formatNumber, t, uiLocale } from './locale';
import { errorText } from '../lib/errors';

export interface BackupActions {
  /** Everything stored (settings, drafts, the bound sheet, planner work, tables), for Export. */
  backup: () => Promise<Backup>;
  /** Write a confirmed import; resolves to what it kept or dropped beyond the plan, rejects with the reason. */
  restore: (b: ImportedBackup, o: { takeNewSecrets: readonly string[] }) => Promise<{ sheetsDropped: number; settings: Settings }>;
  download: (name: string, text: string) => void;
  /** The page sheets kept, and how many the total cap has dropped (and when last). */
  sheets: () => Promise<{ kept: number; dropped: number; at: number | null }>;
}

type Status = { ok: boolean; text: string };
/** Each game's private entries in the file (its store, how many are new here and how many held already). */
type PrivatePlans = ReturnType<typeof privatePlans>;
type Pending = { backup: ImportedBackup; plan: ImportPlan; privates: PrivatePlans; migratedFrom: number | null };

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

function ImportConfirm({ pending, onConfirm, onCancel }: { pending: Pending; onConfirm: (takeNew: readonly string[]) => void; onCancel: () => void }) {
  const [taken, setTaken] = useState<string[]>([]);
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
      <TakeNew privates={pending.privates} taken={taken} setTaken={setTaken} />
      <div class="row">
        <button type="button" class="btn primary" onClick={() => onConfirm(taken)}>
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

/** Options' export buttons (everything; house rules to share), the import, and its question. */
export function BackupControls({
  settings,
  io,
  setStatus,
  setSettings,
}: {
  settings: Settings;
  io: BackupActions;
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
      (mine) => setPending({ backup: r.backup, plan: importPlan(mine, r.backup), privates: privatePlans(mine, r.backup), migratedFrom: r.migratedFrom }),
      (e: unknown) => setStatus({ ok: false, text: t('opt.io.failed', { reason: errorText(e) }) }),
    );
  };
  const confirm = (p: Pending, takeNewSecrets: readonly string[]) => {
    setPending(null);
    void io.restore(p.backup, { takeNewSecrets }).then(
      (done) => {
        setRound((r) => r + 1);
        setSettings(done.settings);
        const said = p.migratedFrom !== null ? t('opt.io.importedMigrated', { version: p.migratedFrom }) : t('opt.io.imported');
        const dropped = done.sheetsDropped ? ` ${t('bk.sheetsDroppedNow', { count: formatNumber(done.sheetsDropped), max: PAGE_SHEETS_MAX })}` : '';
        setStatus({ ok: true, text: said + dropped });
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
          onConfirm={(take) => confirm(pending, take)}
          onCancel={() => {
            setPending(null);
            setStatus({ ok: true, text: t('opt.io.cancelled') });
          }}
        />
      )}
    </>
  );
}
