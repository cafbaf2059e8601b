/**
 * The Turns view: every followed thread, grouped: waiting on you, overdue (someone you wait on is
 * past their deadline), you wait on (with the names), nothing waited for. Each thread with its
 * forum, its title (a link to the page it was last read on), who it waits on since which post and
 * when (in the reader's own time zone), and by when; for a thread you GM, the nudge.
 */
import type { ComponentChildren } from 'preact';
import { forumById } from '../../lib/forums/registry';
import type { Key } from '../../lib/i18n';
import { type Followed, type FollowStore, followedTurns, gmOf, sayKept, youIn } from '../../lib/turns/followed';
import { groupOf, isYou, type TurnsGroup, type You } from '../../lib/turns/groups';
import type { ThreadTurns, Waiting } from '../../lib/turns/turns';
import { formatWhen } from '../../lib/turns/zone';
import { t, uiLocale } from '../locale';
import { type Check, type Checks, signedOut } from '../../lib/turns/checks';
import { CheckBar, CheckLine, useChecks } from './Checks';
import { Nudge, type NudgeIO } from './Nudge';
import type { ChecksIO } from './source';

/** The checks' part of the view: the background's checks, and copying a report. */
export type ChecksView = ChecksIO & { copy(text: string): Promise<boolean> };

/** Targets of 44 px and lines that wrap, at any width (the panel, the drawer on a phone, the popup). */
export const TURNS_STYLES = `
.turns .btn,.turns a.go,.turns select,.turns input:not([type=checkbox]){min-height:44px;box-sizing:border-box}
.ss .turns details>summary{min-height:44px;display:flex;align-items:center;box-sizing:border-box}
.turns .btn{min-width:44px}
.turns label.check{display:flex;align-items:center;gap:8px;min-height:44px}
.turns a.go{display:inline-flex;align-items:center;font-weight:600;color:var(--accent);overflow-wrap:anywhere}
.turns ul.threads{list-style:none;margin:0;padding:0}
.turns .waits{margin:4px 0 0;padding-left:18px}
.turns .overdue{color:var(--bad);font-weight:600}
.turns .trouble{color:var(--typed);font-weight:600}
.turns h2{font-size:14px;margin:12px 0 4px}
`;

const GROUPS: readonly { group: TurnsGroup; label: Key }[] = [
  { group: 'you', label: 'tu.group.you' },
  { group: 'overdue', label: 'tu.group.overdue' },
  { group: 'others', label: 'tu.group.others' },
  { group: 'none', label: 'tu.group.none' },
];

interface Row {
  f: Followed;
  turns: ThreadTurns;
  you: You;
  group: TurnsGroup;
}

/** The followed threads by group, in each the longest waiting first (a thread signed out of its forum is not waiting on you: it is not counted until read again). */
export function rowsOf(store: FollowStore, now: number, checks: Checks | null = null): Map<TurnsGroup, Row[]> {
  const out = new Map<TurnsGroup, Row[]>(GROUPS.map((g) => [g.group, []]));
  for (const f of Object.values(store.threads)) {
    if (!f.on) continue;
    const turns = followedTurns(f, now);
    const you = youIn(f, store);
    const found = groupOf(turns, you);
    const group = found === 'you' && signedOut(checks, f.key) ? 'others' : found;
    out.get(group)!.push({ f, turns, you, group });
  }
  const first = (r: Row) => Math.min(...r.turns.waitingOn.map((w) => w.sinceTime ?? Infinity), Infinity);
  for (const rows of out.values()) rows.sort((a, b) => first(a) - first(b) || a.f.title.localeCompare(b.f.title));
  return out;
}

function WaitLine({ w, you }: { w: Waiting; you: You }) {
  const l = uiLocale();
  const who = isYou(w, you) ? t('tu.you') : w.name;
  const since = w.sinceTime === null ? t('tu.since', { post: w.since }) : t('tu.sinceAt', { post: w.since, time: formatWhen(w.sinceTime, l) });
  return (
    <li data-waits={w.name} data-overdue={w.overdue ? 'yes' : 'no'}>
      <b>{who}</b> {since}
      {w.what && <span class="muted"> — {sayKept(l, w.what)}</span>}
      {w.away && <span> {t('tu.away', { date: w.away })}</span>}
      {w.due !== undefined && <span class={w.overdue ? 'overdue' : ''}> {t(w.overdue ? 'tu.overdueSince' : 'tu.due', { time: formatWhen(w.due, l) })}</span>}
    </li>
  );
}

function ThreadRow({ row, nudge, check, checksView }: { row: Row; nudge: NudgeIO | null; check?: Check; checksView?: ChecksView }) {
  const { f, turns, you } = row;
  // Signed out, or a page read as no posts: said so, never "nobody is waited on".
  const failed = check?.status === 'login' || check?.status === 'unreadable';
  const gm = gmOf(f);
  const youGm = !!gm && isYou({ name: gm }, you);
  return (
    <li class="card" data-thread={f.key} data-group={row.group}>
      <div class="row" style="justify-content:space-between">
        <a class="go" href={f.url} target="_blank" rel="noopener noreferrer">
          {f.title || f.url}
        </a>
        <span class="small muted">{forumById(f.forum)?.name ?? f.forum}</span>
      </div>
      {turns.step && <p class="small muted">{sayKept(uiLocale(), turns.step)}</p>}
      {turns.waitingOn.length ? (
        <ul class="waits small" aria-label={t('tu.waitsOn')}>
          {turns.waitingOn.map((w) => (
            <WaitLine key={`${w.name}-${w.since}`} w={w} you={you} />
          ))}
        </ul>
      ) : failed ? null : (
        <p class="small muted">{f.readAt ? t('tu.nobody') : t('tu.notRead')}</p>
      )}
      {checksView && <CheckLine f={f} check={check} io={checksView} />}
      {youGm && nudge && <Nudge f={f} turns={turns} io={nudge} />}
    </li>
  );
}

/** The list, grouped; `children` come before it (the current thread's controls in the panel); `checks`: the background's checks, where there is one. */
export function TurnsList({
  store,
  now,
  nudge,
  checks: checksView,
  children,
}: {
  store: FollowStore;
  now: number;
  nudge: NudgeIO | null;
  checks?: ChecksView;
  children?: ComponentChildren;
}) {
  const checks = useChecks(checksView);
  const rows = rowsOf(store, now, checks);
  const any = [...rows.values()].some((r) => r.length);
  return (
    <div class="turns" data-testid="turns">
      <style>{TURNS_STYLES}</style>
      {children}
      {!any && <p class="muted">{t('tu.empty')}</p>}
      {any && checksView && <CheckBar io={checksView} checks={checks} />}
      {GROUPS.map(({ group, label }) => {
        const list = rows.get(group)!;
        if (!list.length) return null;
        return (
          <section key={group} aria-labelledby={`tu-${group}`} data-group={group}>
            <h2 id={`tu-${group}`}>{t(label, { count: list.length })}</h2>
            <ul class="threads">
              {list.map((row) => (
                <ThreadRow key={row.f.key} row={row} nudge={nudge} check={checks?.threads[row.f.key]} checksView={checksView} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
