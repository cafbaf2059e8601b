/**
 * The background's part of the Turns view (issue 41): each thread page read is kept for a followed
 * thread (a thread where the user holds a game's secret or a bound sheet, or posted a roll, is
 * followed by itself); the toolbar icon's badge counts the threads waiting on you; notifications
 * (when the user turned them on) tell when a thread starts waiting on you and when your deadline
 * is 6 hours away. Driven by the changes of the followed store (and, later, by the schedule that
 * reads followed threads' pages: issue 41, item 3).
 */
import { browser } from 'wxt/browser';
import { t, uiLocale } from '../../components/locale';
import { guessGame } from '../../lib/games/registry';
import { initiativeOrder } from '../../lib/spark/duel';
import { gameKeyOf } from '../../lib/settings/keys';
import { parseSheetText } from '../../lib/spark/sheet';
import { type FollowStore, followedGroup, followedTurns, type PageRead, withPage } from '../../lib/turns/followed';
import { isQuiet, type Notice, noticesDue, SOON } from '../../lib/turns/prefs';
import { nameKey } from '../../lib/turns/turns';
import { formatWhen } from '../../lib/turns/zone';
import type { TurnsPage } from '../shared/messages/turns';
import { readBoundSheet, readGameChoice, readParlorSecrets, readTable } from '../shared/storage';
import { type FollowReason, followKeeper } from '../shared/storage/follow';
import { notifiedItem, turnsPrefsItem } from '../shared/storage/follow-prefs';
import { checksItem } from '../shared/storage/follow-checks';
import { type Checks, freshCheck, signedOut } from '../../lib/turns/checks';
import type { Sender } from '../shared/transport';

/** The thread's game, as the panel finds it: the user's choice, its table's, or the one its posts suggest. */
async function gameOf(page: TurnsPage): Promise<{ gameId: string; table: unknown }> {
  const table = await readTable(page.threadKey).catch(() => null);
  const game = gameKeyOf(page.threadKey);
  const chosen = game ? await readGameChoice(game).catch(() => null) : null;
  return { gameId: chosen ?? table?.game ?? guessGame(page.tablePosts), table };
}

/** Why a thread not followed yet is followed by itself (or null): a secret made for it, your bound sheet's character posting in it, a roll of yours. */
async function autoReason(page: TurnsPage, you: ReadonlySet<string>): Promise<FollowReason | null> {
  const secrets = await readParlorSecrets().catch(() => null);
  if (secrets && Object.values(secrets.secrets).some((s) => s.thread === page.threadKey)) return 'secret';
  const bound = await readBoundSheet().catch(() => null);
  const name = bound && bound.gameId === gameKeyOf(page.threadKey) ? parseSheetText(bound.text).sheet.name : null;
  if (name && page.posts.some((p) => nameKey(p[1]) === nameKey(name))) return 'sheet';
  return page.rolls.some((r) => you.has(nameKey(r[1]))) ? 'roll' : null;
}

/** A thread page as the Turns view keeps it (`url`: the address it was read from). */
async function pageReadOf(page: TurnsPage, url: string): Promise<PageRead> {
  const { gameId, table } = await gameOf(page);
  const duelists = page.duelists.filter((d) => d[1] !== false);
  return {
    key: page.threadKey,
    forum: page.forum,
    url,
    title: page.title,
    viewer: page.viewer,
    posts: page.posts.map(([number, author, authorId, time, editTime, you, role]) => ({
      number,
      author,
      authorId: authorId ?? null,
      time: time ?? null,
      editTime: editTime ?? null,
      you: you === true,
      role: role ?? null,
    })),
    game: {
      tablePosts: page.tablePosts,
      rolls: page.rolls.map(([post, author, kind]) => ({ post, author, kind })),
      seen: {
        players: duelists.map((d) => d[0]),
        order: initiativeOrder(duelists.flatMap((d) => (d[1] ? [{ name: d[0], faces: d[1].faces, modifier: d[1].modifier }] : []))).map((s) => s.name),
      },
      table,
    },
    gameId,
  };
}

const isPlainHttp = (url: string): boolean => url.startsWith('http:');

/** Keep a thread page read (`sender`: the page it came from, as the browser names it). */
export async function keepTurnsPage(page: TurnsPage, sender: Sender): Promise<void> {
  if (!sender.url || sender.tab?.id === undefined) return;
  const store = await followKeeper.read();
  const prior = store.threads[page.threadKey];
  // Turned off: nothing of it is kept.
  if (prior?.on === false) return;
  // A plain-http page (anyone on the network can change it) never rewrites what an https page of the thread showed.
  if (isPlainHttp(sender.url) && prior && !isPlainHttp(prior.url)) return;
  const read = await pageReadOf(page, sender.url);
  const you = new Set(
    [page.viewer, store.you[page.forum], ...read.posts.filter((p) => p.you).map((p) => p.author)].filter((n): n is string => !!n).map(nameKey),
  );
  const auto = store.threads[page.threadKey] ? null : await autoReason(page, you);
  await followKeeper.keepPage(page.threadKey, (prev) => withPage(prev, read, Date.now()), auto);
  // Read again by the user: a thread signed out of counts again, and is checked again.
  if ((await checksItem.read()).threads[page.threadKey]?.status === 'login')
    await checksItem.update((c) => (c.threads[page.threadKey] ? { ...c, threads: { ...c.threads, [page.threadKey]: freshCheck() } } : c));
}

/**
 * Pages the background's checks fetched, each kept for its followed thread (only one still
 * followed and on), all in one change of the store: one write per pass, not one per thread.
 */
export async function keepCheckedPages(pages: readonly { page: TurnsPage; url: string }[]): Promise<void> {
  if (!pages.length) return;
  const reads = await Promise.all(pages.map((p) => pageReadOf(p.page, p.url)));
  const at = Date.now();
  await followKeeper.change((s) => {
    const threads = { ...s.threads };
    for (const read of reads) {
      const f = threads[read.key];
      if (f?.on) threads[read.key] = withPage(f, read, at);
    }
    return { ...s, threads };
  });
}

type ActionApi = {
  setBadgeText(d: { text: string }): Promise<void>;
  setBadgeBackgroundColor?(d: { color: string }): Promise<void>;
  setPopup?(d: { popup: string }): Promise<void>;
};
type NotificationsApi = {
  create(id: string, o: { type: 'basic'; iconUrl: string; title: string; message: string }): Promise<string>;
  onClicked: { addListener(f: (id: string) => void): void };
};

const actionApi = (): ActionApi | undefined =>
  ((browser as unknown as { action?: ActionApi }).action ?? (browser as unknown as { browserAction?: ActionApi }).browserAction) || undefined;
const notificationsApi = (): NotificationsApi | undefined => (browser as unknown as { notifications?: NotificationsApi }).notifications;

/** How many followed threads wait on you, now (a thread signed out of its forum is not counted until it is read again). */
export const waitingOnYou = (store: FollowStore, now: number, checks: Checks | null = null): number =>
  Object.values(store.threads).filter((f) => f.on && !signedOut(checks, f.key) && followedGroup(f, store, now) === 'you').length;

function noticeText(n: Notice): { title: string; message: string } {
  const l = uiLocale();
  const due = n.due === undefined ? '' : ` ${t('tu.note.due', { time: formatWhen(n.due, l) })}`;
  return {
    title: t(n.kind === 'turn' ? 'tu.note.turn' : 'tu.note.soon', { title: n.title || n.url }),
    message: `${t('tu.note.since', { post: n.since })}${due}`,
  };
}

/**
 * Tell what is due (when the user turned notifications on and the browser allows them). `enabled`
 * is whether they were on when this pass began: a pass begun before they were turned on tells
 * nothing, and the pass the turning on starts remembers what waits then (`seed`).
 */
async function notify(store: FollowStore, now: number, seed: boolean, enabled: boolean): Promise<void> {
  const prefs = await turnsPrefsItem.read();
  const api = notificationsApi();
  if (!enabled || !prefs.notify || !api) return;
  const allowed = await browser.permissions.contains({ permissions: ['notifications'] }).catch(() => false);
  if (!allowed) return;
  const minute = new Date().getHours() * 60 + new Date().getMinutes();
  await notifiedItem.update(async (told) => {
    const due = noticesDue(store, told, now, { quiet: isQuiet(prefs.quiet, minute), seed });
    for (const n of due.notices) {
      const text = noticeText(n);
      await api.create(`turns|${n.kind}|${n.key}`, { type: 'basic', iconUrl: browser.runtime.getURL('/icon/128.png' as never), ...text }).catch(() => '');
    }
    return due.told;
  });
}

/** The next moment something changes by itself: a deadline passes, or comes within 6 hours. */
function nextChange(store: FollowStore, now: number): number | null {
  let next: number | null = null;
  for (const f of Object.values(store.threads)) {
    if (!f.on) continue;
    for (const w of followedTurns(f, now).waitingOn) {
      if (w.due === undefined) continue;
      for (const at of [w.due - SOON, w.due + 1]) if (at > now && (next === null || at < next)) next = at;
    }
  }
  return next;
}

/**
 * Keep the badge and the notifications up to date with the followed store, and the toolbar
 * button as the user chose (the panel, or the Turns list). A timer looks again when the day or a
 * deadline turns (while the background runs: a service worker that stops looks again when woken).
 */
export function keepTurns(): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: ReturnType<typeof setTimeout> | null = null;
  let notifying = false;
  /** A seed asked for and not yet run (a later change's pass must not drop it), and one pass at a time. */
  let seedPending = false;
  let running = false;
  let again = false;
  const update = (seed = false) => {
    seedPending ||= seed;
    if (pending) clearTimeout(pending);
    pending = setTimeout(() => {
      pending = null;
      if (running) {
        again = true;
        return;
      }
      running = true;
      const seedNow = seedPending;
      const enabled = notifying;
      seedPending = false;
      void (async () => {
        const store = await followKeeper.read();
        const checks = await checksItem.read().catch(() => null);
        const now = Date.now() / 1000;
        const count = waitingOnYou(store, now, checks);
        const action = actionApi();
        await action?.setBadgeText({ text: count ? String(count) : '' }).catch(() => {});
        await action?.setBadgeBackgroundColor?.({ color: '#b3261e' }).catch(() => {});
        await notify(store, now, seedNow, enabled).catch(() => {});
        if (timer) clearTimeout(timer);
        const next = nextChange(store, now);
        // At least each hour: a wait on you comes within 6 hours of its deadline in between.
        timer = setTimeout(() => update(), Math.min(3600, Math.max(60, (next ?? now + 3600) - now)) * 1000);
      })()
        .catch(() => {})
        .finally(() => {
          running = false;
          if (again) {
            again = false;
            update();
          }
        });
    }, 100);
  };
  followKeeper.item.onChange(() => update());
  checksItem.onChange(() => update());
  turnsPrefsItem.onChange((prefs) => {
    void applyToolbar(prefs.toolbar);
    // Just turned on: what waits now is remembered, and only what starts after is told.
    update(prefs.notify && !notifying);
    notifying = prefs.notify;
  });
  // The first pass once it is known whether notifications are on.
  void turnsPrefsItem
    .read()
    .then((prefs) => {
      notifying = prefs.notify;
      return applyToolbar(prefs.toolbar);
    })
    .catch(() => {})
    .finally(() => update());
  notificationsApi()?.onClicked.addListener((id) => {
    const [, , key] = id.split('|');
    void followKeeper.read().then((s) => {
      const f = key ? s.threads[key] : undefined;
      if (f) void browser.tabs.create({ url: f.url });
    });
  });
}

/** The toolbar button: the panel (as before), or the Turns list as its popup. */
async function applyToolbar(choice: 'panel' | 'turns'): Promise<void> {
  await actionApi()
    ?.setPopup?.({ popup: choice === 'turns' ? 'turns.html' : '' })
    .catch(() => {});
  const sidePanel = (browser as unknown as { sidePanel?: { setPanelBehavior(o: { openPanelOnActionClick: boolean }): Promise<void> } }).sidePanel;
  await sidePanel?.setPanelBehavior({ openPanelOnActionClick: choice !== 'turns' }).catch(() => {});
}
