/**
 * Parlor Magic's hidden hands in the panel: this ruler's secrets (one per game, in their own
 * storage key), the fresh secret a new game commits with, and what the table says of the result
 * and of the scheme itself.
 */
import { useEffect, useState } from 'preact/hooks';
import { randomHex } from '../../../lib/random';
import { type ParlorSecrets, pendingSecret } from '../../../lib/games/parlor/stored';
import type { ParlorGame } from '../../../lib/games/parlor/thread';
import { t } from '../../locale';
import { errorText } from '../../../lib/errors';

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

/** The game's result (pending the reveal, final, unverified) and each side not revealed, said plainly. */
export function ParlorResultNote({ game }: { game: ParlorGame }) {
  const { winner, status, unrevealed } = game.result;
  const nameOf = (r: 'A' | 'B') => game.rulers[r]?.name ?? r;
  const key = status === 'final' ? 'pm.hh.resultFinal' : status === 'unverified' ? 'pm.hh.resultUnverified' : 'pm.hh.resultPending';
  return (
    <>
      {winner && (
        <p class="card" data-testid="parlor-result" data-status={status}>
          {t(key, { name: nameOf(winner) })}
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
