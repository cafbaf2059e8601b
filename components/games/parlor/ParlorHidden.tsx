/**
 * Parlor Magic's hidden hands in the panel: this ruler's secrets (one per game, in their own
 * storage key), the fresh secret a new game commits with, and what the table says of the result
 * and of the scheme itself.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { randomHex } from '../../../lib/random';
import { parlorCommit } from '../../../lib/games/parlor/hidden';
import { commitLine } from '../../../lib/games/parlor/play';
import { type ParlorSecrets, pendingSecret } from '../../../lib/games/parlor/stored';
import type { ParlorGame } from '../../../lib/games/parlor/thread';
import { t } from '../../locale';
import { errorText } from '../../../lib/errors';
import { PostButtons, type PostIO } from '../../panel/PostButtons';

const random = (out: Uint8Array) => crypto.getRandomValues(out);

export type LoadSecrets = () => Promise<ParlorSecrets>;
/** Saves a new game's secret for a thread; rejects when it cannot be saved. */
export type SaveSecret = (secret: string, thread: string) => Promise<string>;

/** This user's Parlor secrets (all games, by commitment), read again when `reload` is called. */
export function useParlorSecrets(tableKey: string, load: LoadSecrets): { secrets: ParlorSecrets | null; reload: () => void } {
  const [secrets, setSecrets] = useState<ParlorSecrets | null>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    void load().then(
      (s) => live && setSecrets(s),
      () => live && setSecrets({ version: 1, secrets: {}, aside: {} }),
    );
    return () => {
      live = false;
    };
  }, [tableKey, n]);
  return { secrets, reload: () => setN((x) => x + 1) };
}

/**
 * The secret a new game in this thread commits with: one made here for it and saved, whose
 * commitment is in no post of the thread. When none is stored (and `wanted`), a fresh one is made
 * and saved first; if that save fails there is no secret to commit with, and the reason says why.
 */
export function useCommitSecret(
  wanted: boolean,
  tableKey: string,
  inThread: ReadonlySet<string>,
  { secrets, reload }: { secrets: ParlorSecrets | null; reload: () => void },
  save: SaveSecret,
): { secret: string | null; problem: string } {
  const [problem, setProblem] = useState('');
  const pending = secrets ? pendingSecret(secrets, tableKey, inThread) : null;
  const need = wanted && !!secrets && !pending && !problem;
  useEffect(() => {
    if (!need) return;
    save(randomHex(16, random), tableKey).then(reload, (e: unknown) => setProblem(t('pm.hh.secretNotSaved', { reason: errorText(e) })));
  }, [need, tableKey]);
  useEffect(() => setProblem(''), [tableKey]);
  return { secret: wanted ? pending : null, problem };
}

/**
 * "Insert my commitment" (and Copy) for a fresh secret, while there is one (`secret`). Its secret is
 * marked posted before the line leaves the panel (a secret whose mark cannot be saved is not
 * posted), so it is never offered again; nothing more is offered until the thread's posts change
 * (the post sent, or read again). Kept in place while no secret is offered, so that it remembers.
 */
export function CommitOffer({
  secret,
  posts,
  io,
  markPosted,
  reload,
  setStatus,
}: {
  secret: string | null;
  /** The thread's posts as read now: a new reading offers a commitment again. */
  posts: unknown;
  io: PostIO;
  markPosted: (commitment: string) => Promise<void>;
  reload: () => void;
  setStatus: (s: string) => void;
}) {
  const nonce = useMemo(() => randomHex(8, random), [secret]);
  const [doneFor, setDoneFor] = useState<unknown>(null);
  // Marked first: a line that left the panel is never offered again, even if the insert then fails (a fresh secret is).
  const mark = () => markPosted(parlorCommit(secret ?? '')).finally(reload);
  const done = <T,>(ok: boolean, out: T): T => {
    if (ok) setDoneFor(posts);
    return out;
  };
  const marked: PostIO = {
    canInsert: io.canInsert,
    onInsert: (text) =>
      mark().then(
        () => io.onInsert(text).then((r) => done(r.ok, r)),
        (e: unknown) => ({ ok: false as const, error: t('pm.sec.notMarked', { reason: errorText(e) }) }),
      ),
    onCopy: (text) =>
      mark().then(
        () => io.onCopy(text).then((ok) => done(ok, ok)),
        () => false,
      ),
  };
  if (doneFor === posts)
    return (
      <p class="small" data-testid="parlor-committed">
        {t('pm.sec.marked')}
      </p>
    );
  if (!secret) return null;
  return <PostButtons {...marked} setStatus={setStatus} text={commitLine(secret, nonce)} label={t('pm.ui.commit')} inserted={t('pm.sec.posted')} />;
}

/** The game's result (pending the reveal, final, unverified) and each side not revealed, said plainly. */
export function ParlorResultNote({ game }: { game: ParlorGame }) {
  const { winner, status, unrevealed, edited } = game.result;
  const nameOf = (r: 'A' | 'B') => game.rulers[r]?.name ?? r;
  const unverified = edited?.length ? 'pm.ed.resultUnverified' : 'pm.hh.resultUnverified';
  const key = status === 'final' ? 'pm.hh.resultFinal' : status === 'unverified' ? unverified : 'pm.hh.resultPending';
  return (
    <>
      {winner && (
        <p class="card" data-testid="parlor-result" data-status={status}>
          {t(key, { name: nameOf(winner), post: edited?.[0] ?? '' })}
        </p>
      )}
      {winner &&
        unrevealed.map((r) => (
          <p key={r} class="small" data-testid="parlor-unrevealed">
            {t('pm.hh.unrevealed', { name: nameOf(r) })}
          </p>
        ))}
      {game.rule === 'old' && (
        <p class="small muted" data-testid="parlor-old-rule">
          {t('pm.hh.oldRule')}
        </p>
      )}
    </>
  );
}

/** What the scheme guarantees and what it does not. */
export function ParlorExplain() {
  return (
    <details class="small" data-testid="parlor-explain">
      <summary>{t('pm.hh.explain')}</summary>
      <ul>
        <li>{t('pm.hh.explain.secret')}</li>
        <li>{t('pm.hh.explain.nonce')}</li>
        <li>{t('pm.hh.explain.reveal')}</li>
        <li>{t('pm.hh.explain.limit')}</li>
      </ul>
    </details>
  );
}
