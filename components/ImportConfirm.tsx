/**
 * Options' export and import. Import reads and validates the whole file first (lib/settings/schema.ts),
 * then says what it would replace, with counts, and writes nothing until the user confirms. Parlor
 * secrets held here are never replaced by a file's; a file's secrets for games with none held are
 * taken only when the user ticks that, separately.
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
  type Settings,
} from '../lib/settings/schema';
import { PAGE_SHEETS_MAX } from '../lib/settings/tables';
import { formatNumber, t, uiLocale } from './locale';
import { errorText } from '../lib/errors';

export interface BackupActions {
  /** Everything stored (settings, drafts, the bound sheet, planner work, tables), for Export. */
  backup: () => Promise<Backup>;
  /** Write a confirmed import; resolves to what it kept or dropped beyond the plan, rejects with the reason. */
  restore: (b: ImportedBackup, o: { takeNewSecrets: boolean }) => Promise<{ sheetsDropped: number; settings: Settings }>;
  download: (name: string, text: string) => void;
  /** The page sheets kept, and how many the total cap has dropped (and when last). */
  sheets: () => Promise<{ kept: number; dropped: number; at: number | null }>;
}

type Status = { ok: boolean; text: string };
type Pending = { backup: ImportedBackup; plan: ImportPlan; migratedFrom: number | null };

/** The lines of the question: what the file replaces, with counts. */
export function planLines(p: ImportPlan): string[] {
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
  const s = p.secrets;
  if (s.fresh + s.same) lines.push([t('bk.secrets', n(s.fresh + s.same)), s.same ? t('bk.secretsSame', n(s.same)) : ''].filter(Boolean).join(' '));
  return lines.filter(Boolean);
}

function ImportConfirm({ pending, onConfirm, onCancel }: { pending: Pending; onConfirm: (takeNewSecrets: boolean) => void; onCancel: () => void }) {
  const [take, setTake] = useState(false);
  const fresh = pending.plan.secrets.fresh;
  return (
    <div class="card" role="alertdialog" aria-labelledby="import-q" aria-describedby="import-what" data-testid="import-confirm">
      <p id="import-q" style="margin:0">
        <b>{t('opt.io.ask')}</b>
      </p>
      <ul class="small" id="import-what">
        {planLines(pending.plan).map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      {fresh > 0 && (
        <p class="small">
          <label>
            <input type="checkbox" checked={take} data-testid="take-secrets" onChange={(e) => setTake((e.target as HTMLInputElement).checked)} />{' '}
            {t('bk.secretsFresh', { count: formatNumber(fresh) })}
          </label>
          <br />
          <span class="muted">{t('bk.secretsWarn')}</span>
        </p>
      )}
      <div class="row">
        <button type="button" class="btn primary" onClick={() => onConfirm(take)}>
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
      (mine) => setPending({ backup: r.backup, plan: importPlan(mine, r.backup), migratedFrom: r.migratedFrom }),
      (e: unknown) => setStatus({ ok: false, text: t('opt.io.failed', { reason: errorText(e) }) }),
    );
  };
  const confirm = (p: Pending, takeNewSecrets: boolean) => {
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
