/**
 * The background's checks in the Turns view (issue 41, item 3): Check now (the user's own: each
 * followed thread asked once), when the last check ran, offline; and per thread how its last check
 * went: signed out of its forum (never "nobody posted"), a reading failure with Copy a report (the
 * forum, the address, the page's landmarks: no post text), a server's error or 429 with the next try.
 */
import { useEffect, useState } from 'preact/hooks';
import { forumById } from '../../lib/forums/registry';
import type { Check, Checks } from '../../lib/turns/checks';
import type { Followed } from '../../lib/turns/followed';
import { reportText } from '../../lib/turns/landmarks';
import { formatWhen } from '../../lib/turns/zone';
import { t, uiLocale } from '../locale';
import type { ChecksIO } from './source';

/** The checks as stored, kept up to date. */
export function useChecks(io: ChecksIO | undefined): Checks | null {
  const [checks, setChecks] = useState<Checks | null>(null);
  useEffect(() => {
    if (!io) return;
    let live = true;
    void io.read().then((c) => live && setChecks(c));
    const off = io.onChange(setChecks);
    return () => {
      live = false;
      off();
    };
  }, [io]);
  return checks;
}

const isOnline = () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false;

/** Check now, and what the checks are doing. */
export function CheckBar({ io, checks }: { io: ChecksIO; checks: Checks | null }) {
  const [running, setRunning] = useState(false);
  const [online, setOnline] = useState(isOnline);
  useEffect(() => {
    const on = () => setOnline(isOnline());
    addEventListener('online', on);
    addEventListener('offline', on);
    return () => {
      removeEventListener('online', on);
      removeEventListener('offline', on);
    };
  }, []);
  const status = !online
    ? t('tu.check.offline')
    : running
      ? t('tu.check.running')
      : checks?.done
        ? t('tu.check.last', { time: formatWhen(checks.done / 1000, uiLocale()) })
        : t('tu.check.never');
  const run = () => {
    setRunning(true);
    void io.checkNow().finally(() => setRunning(false));
  };
  return (
    <div class="row check-bar" style="justify-content:space-between;flex-wrap:wrap">
      <p class="small muted" role="status" data-testid="check-status">
        {status}
      </p>
      <button type="button" class="btn" data-testid="check-now" disabled={running || !online} onClick={run}>
        {t('tu.check.now')}
      </button>
    </div>
  );
}

/**
 * How a thread's last check went, when it went wrong (nothing when it read well). Signed out and a
 * reading failure are drawn in the caution colour, never red: red says someone cheated.
 */
export function CheckLine({ f, check, io }: { f: Followed; check: Check | undefined; io: ChecksIO & { copy(text: string): Promise<boolean> } }) {
  const [note, setNote] = useState('');
  if (!check || check.status === 'ok') return null;
  const forum = forumById(f.forum)?.name ?? f.forum;
  if (check.status === 'login')
    return (
      <p class="small trouble" data-check="login">
        {t('tu.check.login', { forum })}
      </p>
    );
  const time = formatWhen(check.until / 1000, uiLocale());
  if (check.status !== 'unreadable') {
    const key = `tu.check.${check.status}` as const;
    return (
      <p class="small" data-check={check.status}>
        {t(key, { code: check.code ?? '', time })}
      </p>
    );
  }
  const copy = () => {
    const text = reportText({ forum, url: f.url, at: check.at, landmarks: check.landmarks ?? { titleLength: 0, counts: {} }, version: io.version });
    void io.copy(text).then((ok) => setNote(t(ok ? 'tu.check.copied' : 'tu.check.notCopied')));
  };
  return (
    <div data-check="unreadable">
      <p class="small trouble">{t('tu.check.unreadable')}</p>
      <button type="button" class="btn" onClick={copy}>
        {t('tu.check.copyReport')}
      </button>
      <p class="small" role="status">
        {note}
      </p>
    </div>
  );
}
