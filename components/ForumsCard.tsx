import { useEffect, useState } from 'preact/hooks';
import type { AddedBoard } from '../lib/forums/added';
import { FORUMS, forumById } from '../lib/forums/registry';
import { MAX_BOARDS } from '../lib/settings/schema';
import { t } from './locale';
import { errorText } from '../lib/errors';

/** What adding and removing a board asks of the browser (the entrypoint's: permissions, reading the board's page, its open tabs). */
export interface BoardActions {
  /** Ask the browser for the address's origin (in the click's own call), read the page, recognise the board's software. */
  add(address: string): Promise<{ ok: true; board: AddedBoard } | { ok: false; error: string }>;
  /** Stop reading the board's open pages and give its permission back. */
  remove(board: AddedBoard): Promise<void>;
  /** Does the browser allow this board's origin now? */
  allowed(board: AddedBoard): Promise<boolean>;
  /** Ask the browser again (a board imported from another browser). */
  allow(board: AddedBoard): Promise<boolean>;
  /** Ask the browser for these origins together (boards an imported file adds), in the click's own call. */
  allowAll(origins: readonly string[]): Promise<boolean>;
}

interface Props {
  boards: readonly AddedBoard[];
  actions: BoardActions;
  /** Keep this list of boards (saved with the settings; rejects with the reason when it cannot be). */
  onBoards(boards: AddedBoard[]): Promise<void>;
}

/** The sites read from install, as the card lists them. */
const BUILT_IN = FORUMS.filter((f) => f.matches.length).map(
  (f) => `${f.name} (${[...new Set(f.matches.map((m) => m.replace(/^\*:\/\/(?:www\.)?|\/\*$/g, '')))].join(', ')})`,
);

const why = (e: unknown) => errorText(e);

/** Options' forums: the sites read from install, the boards the user added, and the field to add one. */
export function ForumsCard({ boards, actions, onBoards }: Props) {
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [allowed, setAllowed] = useState<Record<string, boolean>>({});
  const refresh = () =>
    void Promise.all(boards.map(async (b) => [b.origin, await actions.allowed(b).catch(() => false)] as const)).then((e) => setAllowed(Object.fromEntries(e)));
  useEffect(refresh, [boards]);

  const add = (e: Event) => {
    e.preventDefault();
    if (busy) return;
    if (boards.length >= MAX_BOARDS) return setNote({ ok: false, text: t('opt.forums.failed', { reason: t('opt.forums.full', { max: MAX_BOARDS }) }) });
    setBusy(true);
    setNote({ ok: true, text: t('opt.forums.adding') });
    // The browser's question must come from this click: `add` asks it before anything is awaited.
    void actions
      .add(address)
      .then(async (r) => {
        if (!r.ok) return setNote({ ok: false, text: r.error });
        await onBoards([...boards.filter((b) => b.origin !== r.board.origin), r.board]);
        setAddress('');
        setNote({ ok: true, text: t('opt.forums.added', { name: r.board.name, software: forumById(r.board.forum)?.name ?? r.board.forum }) });
      })
      .catch((err: unknown) => setNote({ ok: false, text: t('opt.forums.failed', { reason: why(err) }) }))
      .finally(() => setBusy(false));
  };

  const remove = (board: AddedBoard) =>
    void actions
      .remove(board)
      .then(() => onBoards(boards.filter((b) => b.origin !== board.origin)))
      .then(() => setNote({ ok: true, text: t('opt.forums.removed', { name: board.name }) }))
      .catch((err: unknown) => setNote({ ok: false, text: t('opt.forums.failed', { reason: why(err) }) }));

  const allow = (board: AddedBoard) =>
    void actions
      .allow(board)
      .then((ok) => {
        refresh();
        if (!ok) setNote({ ok: false, text: t('opt.forums.refused', { origin: board.origin }) });
      })
      .catch((err: unknown) => setNote({ ok: false, text: t('opt.forums.failed', { reason: why(err) }) }));

  return (
    <section class="card" aria-labelledby="h-forums" data-testid="forums">
      <h2 id="h-forums">{t('opt.forums')}</h2>
      <p class="small">{t('opt.forums.builtIn', { sites: BUILT_IN.join(' · ') })}</p>
      {boards.length ? (
        <ul class="small" aria-label={t('opt.forums.list')} data-testid="boards">
          {boards.map((b) => (
            <li key={b.origin} class="row" data-origin={b.origin}>
              <span>
                <b>{b.name || b.origin}</b> <span class="muted">{b.origin}</span> · {forumById(b.forum)?.name ?? b.forum} ·{' '}
                {allowed[b.origin] === false ? t('opt.forums.notAllowed') : allowed[b.origin] ? t('opt.forums.reading') : '…'}
              </span>
              {allowed[b.origin] === false && (
                <button type="button" class="btn small" onClick={() => allow(b)} aria-label={t('opt.forums.allowLabel', { name: b.name || b.origin })}>
                  {t('opt.forums.allow')}
                </button>
              )}
              <button type="button" class="btn small" onClick={() => remove(b)} aria-label={t('opt.forums.removeLabel', { name: b.name || b.origin })}>
                {t('opt.forums.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="small muted">{t('opt.forums.none')}</p>
      )}
      <form class="row" onSubmit={add} style="align-items:flex-end">
        <label class="field small" style="flex:1;min-width:220px">
          {t('opt.forums.address')}
          <input
            type="text"
            inputMode="url"
            autoComplete="url"
            spellcheck={false}
            data-testid="forum-address"
            placeholder="https://forum.example.org/viewtopic.php?t=123"
            value={address}
            onInput={(e) => setAddress((e.target as HTMLInputElement).value)}
            aria-describedby="forum-hint"
            required
          />
        </label>
        <button type="submit" class="btn primary" disabled={busy}>
          {t('opt.forums.add')}
        </button>
      </form>
      <p id="forum-hint" class="small muted">
        {t('opt.forums.hint')}
      </p>
      <p role="status" class={note ? (note.ok ? 'ok small' : 'error small') : 'small'} data-testid="forums-status">
        {note?.text}
      </p>
    </section>
  );
}
