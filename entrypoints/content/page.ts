import { readDiceLog } from '../../lib/forums/rpol/dicelog';
import type { PageDetection } from '../../lib/forums/rpol/page';
import { readReplyForm } from '../../lib/forums/rpol/reply';
import { ThreadScanner } from '../../lib/games/spark-d10/scanner';
import { SPARK_SHEETS } from '../../lib/games/spark-d10/sheet-test';
import { findSheetOnCharacterPage } from '../../lib/forums/rpol/sheets';
import { readPageClock, readThreadInfo } from '../../lib/forums/rpol/thread';
import { feedPosts, whenParsed, type PostFeed } from '../../lib/forums/rpol/watch';
import { rulesForGame } from '../../lib/settings/defaults';
import type { Settings } from '../../lib/settings/schema';
import { readSparkRoll } from '../../lib/spark/reading';
import { findRerolls } from '../../lib/trust/fishing';
import { sameSparkRoll } from '../../lib/games/spark-d10/fishing';
import { rollView, sheetView, type PageSummary, type RollView, type SheetView, type TableCheck } from '../../lib/view';
import type { ScannedSheet } from '../../lib/games/spark-d10/thread';
import { askTableChecks, tellPageSheet, tellSeenRolls, type Request } from '../shared/messages';
import { writeIncoming, writeLastLogRoll } from '../shared/last-roll';
import { postLanguage, draftKey } from '../../lib/settings/defaults';
import { mountDrawer } from './drawer';
import { t, uiLocale } from '../../components/locale';
import { trustLabel } from '../../lib/view';
import { insertIntoReply } from './insert';
import { createHost, insertAfter, rootOf, shadowRootElement, systemTheme, type Theme } from './mount';
import { mountRollBadge, type DetailMaker } from './roll-badge';
import { loadExtras, prepareExtras } from './extras';
import type { Extras } from '../shared/extras';
import { checkThreadAgainstLog } from './log-check';
import { afterNextFrame, FIRST_SCREEN_POSTS, FIRST_SLICE_MS, screenStart, sliced } from './slices';

/** Pages read in one go (the dice log, a character page): every moment the benchmarks name is now. */
function markAllRead() {
  for (const name of ['spark-scribe:first-screen', 'spark-scribe:read', 'spark-scribe:settled']) performance.mark(name);
}

export interface RunningPage {
  answer(r: Request): unknown;
  stop(): void;
}

function themeOf(settings: Settings): Theme {
  return settings.theme !== 'auto' ? settings.theme : systemTheme();
}

/** A roll's detail: made by the extras, which are loaded the first time a reader points at a badge or opens one. */
const DETAILS: DetailMaker = {
  make: (doc, view, onClose, actions) => loadExtras().then((x) => x.rollDetail(doc, view, onClose, actions)),
  prepare: prepareExtras,
};

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** At most this many roll badges in one post (a hostile post may hold thousands). */
const MAX_BADGES_PER_POST = 100;

export interface DuelContext {
  seenTips: [string, number][];
  bound: string | null;
  sheets: string[];
  newDuelAt: number[];
}

/** Where a thread's posts come from: a feed started while the page parses, and what to do if its order breaks. */
export interface PostSource {
  feed?: PostFeed | null;
  /** The page's posts turned out not to be in the order they were read: read the page again. */
  onDisorder?: () => void;
}

export function startPage(
  detection: PageDetection,
  settings: Settings,
  context: DuelContext = { seenTips: [], bound: null, sheets: [], newDuelAt: [] },
  source: PostSource = {},
): RunningPage {
  const theme = themeOf(settings);
  const info = readThreadInfo(document, location.href);
  const summary: PageSummary = {
    forum: 'rpol',
    kind: detection.kind,
    notice: detection.reason,
    url: location.href,
    gameId: info.gameId,
    threadId: info.threadId,
    title: info.title ?? document.title,
    viewer: info.viewer,
    rolls: [],
    sheets: [],
    // The reply form is at the page's end: asked for again whenever the summary is.
    hasReplyForm: document.readyState !== 'loading' && !!readReplyForm(document).textarea,
    failures: [],
    tablePosts: [],
    tableChecks: [],
    duel: null,
  };
  const hosts = new Map<string, HTMLElement>();
  /** Stopped (read again, or the extension gone): what comes later (the extras' answers) puts nothing in. */
  let stopped = false;
  let watcher: { stop(): void } | null = null;
  let drawer: ReturnType<typeof mountDrawer> | null = null;
  const rules = rulesForGame(settings, info.gameId);
  const threadKey = draftKey(new URL(location.href).host, info.gameId, info.threadId);
  let refold: ((newDuelAt: number[]) => void) | null = null;
  /** Read what is left of the page now, with what the extras add (the panel asked for all of it). */
  let finishReading = async () => {};
  /** Put in the badges of the post holding this roll or sheet, if they are still waiting. */
  let revealBadges = (_id: string) => {};
  /** Stop reading and placing badges (the page is stopped). */
  let stopReading = () => {};

  /** A roll's badge; `rec.view` is its latest view, and `rec.update` is set to re-render it. */
  const badgeRoll = (rec: { view: RollView; update?: (v: RollView) => void }, anchor: Node) => {
    const reply = {
      label: t('cs.putInReply'),
      run: () =>
        loadExtras()
          .then((x) => writeIncoming(threadKey, x.badgeSummary(rec.view, postLanguage(settings, threadKey))))
          .then(() => t('cs.sentToReply')),
    };
    const { host, update } = mountRollBadge('roll', rec.view, theme, {}, [reply], DETAILS);
    rec.update = update;
    // Inside a <pre> (a [code] block) the badge would run off the line: put it after the block.
    const pre = (anchor.nodeType === 1 ? (anchor as Element) : anchor.parentElement)?.closest('pre');
    insertAfter(pre ?? anchor, host);
    hosts.set(rec.view.id, host);
  };
  /** A note where a post could not be read (`text` is the whole note). */
  const badgeFailure = (post: number, text: string, where: Element) => {
    const { host, shadow } = createHost('failure', { 'data-post': post, 'data-failure': 'true' });
    const root = shadowRootElement(shadow, theme);
    const note = document.createElement('span');
    note.className = 'badge t-sheet';
    note.setAttribute('role', 'note');
    note.textContent = `⚠ ${text}`;
    root.appendChild(note);
    where.insertBefore(host, where.firstChild);
  };
  const badgeSheet = (x: Extras, view: SheetView, element: Element) => {
    const { host, shadow } = createHost('sheet', {
      'data-post': view.post,
      'data-xp-spent': view.spentXp,
      'data-xp-unspent': view.unspentXp,
      'data-findings': view.problemCount,
      'data-sheet-id': view.id,
    });
    shadowRootElement(shadow, theme).appendChild(x.sheetBadge(document, view));
    if (element.matches('.messagebody')) element.insertBefore(host, element.firstChild);
    else element.parentNode?.insertBefore(host, element);
    hosts.set(view.id, host);
  };
  /**
   * A sheet's audit, from the extras: its view goes into the summary, and its badge (or, when the
   * extras cannot load, a note saying why) to `put`. Nothing is put in once the page is stopped.
   */
  const auditSheet = (s: { id: string; postNumber: number; text: string; element: Element }, author: string, put: (job: () => void) => void): Promise<void> =>
    loadExtras().then(
      (x) => {
        if (stopped) return;
        const view = sheetView(s, x.auditSheetText(s.text, rules, uiLocale()), author);
        summary.sheets.push(view);
        if (settings.annotations.sheets) put(() => badgeSheet(x, view, s.element));
      },
      (e: unknown) => {
        if (stopped) return;
        const reason = reasonOf(e);
        summary.failures.push({ post: s.postNumber, reason });
        put(() => badgeFailure(s.postNumber, t('cs.sheetNotAudited', { reason }), s.element));
      },
    );

  if (detection.kind === 'thread') {
    const clock = readPageClock(document);
    let scanner = new ThreadScanner(clock, rules, { ...context, locale: uiLocale() });
    /** Every post handed over so far, in page order; `next` is the first not yet read. */
    const messages: Element[] = [];
    let next = 0;
    /** Each roll's latest view, and its badge once it is on the page. */
    const rolls = new Map<string, { view: RollView; update?: (v: RollView) => void }>();
    let tablesChanged = false;
    const tableBodies = new Map<number, Element>();
    /** The background's verdicts on the table posts, into the summary; their badges drawn by the extras, when they could load. */
    const badgeTables = (checks: TableCheck[], x: Extras | null) => {
      if (stopped) return;
      summary.tableChecks = checks;
      if (!x) return;
      for (const c of checks) {
        const where = tableBodies.get(c.post);
        const id = `table-${c.post}`;
        hosts.get(id)?.remove();
        if (!where) continue;
        const { host, shadow } = createHost('table', { 'data-post': c.post, 'data-game': c.game, 'data-verdict': c.verdict });
        shadowRootElement(shadow, theme).appendChild(x.tableBadge(document, c));
        where.insertBefore(host, where.firstChild);
        hosts.set(id, host);
      }
    };

    // Badges: a post's badges go in when the post comes near the screen (each costs style and
    // layout work; hundreds at once would be a long task), the rest wait. The panel lists them all.
    const waiting = new Map<Element, (() => void)[]>();
    /** Posts given to the observer that it has not reported on yet (its first report says where each is). */
    const unreported = new Set<Element>();
    let readAll = false;
    let settledOnce = false;
    /** Sheets read whose audit (in the extras) is still to come. */
    let auditsDue = 0;
    /** The moment the benchmarks and tests wait for: all read, every sheet audited, and every near post's badges in. */
    const settle = () => {
      if (settledOnce || !readAll || unreported.size || auditsDue) return;
      settledOnce = true;
      performance.mark('spark-scribe:settled');
    };
    /** The post each roll and sheet stands in (to put its badge in at once for the panel's "jump"). */
    const owners = new Map<string, Element>();
    const near = new WeakSet<Element>();
    const flush = (m: Element) => {
      const jobs = waiting.get(m);
      if (!jobs) return;
      waiting.delete(m);
      watchNear?.unobserve(m);
      const wasUnreported = unreported.delete(m);
      for (const job of jobs) job();
      if (wasUnreported) settle();
    };
    const watchNear =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              for (const e of entries) {
                unreported.delete(e.target);
                if (e.isIntersecting) {
                  near.add(e.target);
                  flush(e.target);
                } else near.delete(e.target);
              }
              settle();
            },
            { rootMargin: '1500px 0px' },
          )
        : null;
    const place = (m: Element, job: () => void) => {
      if (!watchNear || near.has(m)) return job();
      const jobs = waiting.get(m);
      if (jobs) jobs.push(job);
      else {
        waiting.set(m, [job]);
        unreported.add(m);
        watchNear.observe(m);
      }
    };

    // The sheets are audited in the order they were read; each one's badge goes in when its post comes near.
    let audited: Promise<void> = Promise.resolve();
    const auditInOrder = (s: ScannedSheet, author: string, m: Element) => {
      auditsDue++;
      audited = audited
        .then(() => auditSheet(s, author, (job) => place(m, job)))
        .finally(() => {
          auditsDue--;
          settle();
        });
    };

    /** Read one post (in page order) into the summary and its badges; `again`: a re-read after the duel's marks changed. */
    const readMessage = (m: Element, again = false) => {
      const scan = scanner.scanMessage(m);
      if (!scan) return;
      const post = scan.post;
      // Each post behind its own guard: a failure shows in that post and in the panel, never elsewhere.
      if (scan.failure) {
        // The reader's own words for it (already in the reader's language).
        const note = scan.failure;
        if (!again) {
          summary.failures.push({ post: post.number, reason: note });
          place(m, () => badgeFailure(post.number, note, post.body ?? m));
        }
        return;
      }
      try {
        let shown = 0;
        for (const r of scan.rolls) {
          const view = rollView(r, post.author, uiLocale());
          summary.rolls.push(view);
          const known = rolls.get(view.id);
          if (again && known) {
            known.view = view;
            known.update?.(view);
          } else if (settings.annotations.rolls && shown < MAX_BADGES_PER_POST) {
            const rec: { view: RollView; update?: (v: RollView) => void } = { view };
            rolls.set(view.id, rec);
            owners.set(view.id, m);
            const anchor = r.anchor;
            place(m, () => badgeRoll(rec, anchor));
          }
          shown++;
        }
        // A post with thousands of rolls gets a bounded number of badges; the panel lists them all.
        if (!again && settings.annotations.rolls && scan.rolls.length > MAX_BADGES_PER_POST) {
          const count = scan.rolls.length;
          place(m, () => badgeFailure(post.number, t('cs.tooMany', { count, max: MAX_BADGES_PER_POST }), post.body ?? m));
        }
        if (!again) {
          for (const s of scan.sheets) {
            owners.set(s.id, m);
            auditInOrder(s, post.author, m);
          }
        }
        if (scan.tableText !== undefined && !again) {
          summary.tablePosts.push({ post: post.number, author: post.author, text: scan.tableText });
          tableBodies.set(post.number, post.body ?? m);
          tablesChanged = true;
        }
      } catch (e) {
        const reason = reasonOf(e);
        if (!again) {
          summary.failures.push({ post: post.number, reason });
          place(m, () => badgeFailure(post.number, t('cs.couldNotRead', { reason }), post.body ?? m));
        }
      }
    };

    // The posts on screen first: read (in page order, up to them) and badged before the first
    // frame that shows them, which, while a long page parses, is before DOMContentLoaded.
    /** Whether the page is parsed (until then, more posts may come, and the reading is never done). */
    let parsed = false;
    /** The index of the screen's first post, once known (`null` while its `#N` anchor is not parsed). */
    let screenFrom: number | null = null;
    const screenEnd = () => (screenFrom === null ? Infinity : screenFrom + FIRST_SCREEN_POSTS - 1);
    let firstScreenShown = false;
    const showFirstScreen = () => {
      if (firstScreenShown || screenFrom === null || !(next > screenEnd() || (parsed && next >= messages.length))) return;
      firstScreenShown = true;
      // The mark names a moment for the benchmarks; it carries no data the page could read.
      performance.mark('spark-scribe:first-screen');
    };
    let logChecked = false;
    const readDone = () => {
      // Read up to the last post parsed so far: the rest of the page is still to come.
      if (!parsed) return;
      showFirstScreen();
      performance.mark('spark-scribe:read');
      // Keep the rolls first seen here, so the thread's other pages can tell a reused one.
      void tellSeenRolls(threadKey, scanner.reader.takeFresh());
      if (tablesChanged) {
        tablesChanged = false;
        void askTableChecks(summary.tablePosts, `${info.gameId ?? '-'}/${info.threadId ?? '-'}`).then((checks) =>
          // The table badges are drawn by the extras: loaded only when there is a verdict to show.
          checks.length
            ? loadExtras().then(
                (x) => badgeTables(checks, x),
                () => badgeTables(checks, null),
              )
            : badgeTables(checks, null),
        );
      }
      if (!logChecked && settings.fetchDiceLog && info.gameId) {
        logChecked = true;
        void checkThreadAgainstLog(location.origin, info.gameId, summary.rolls, settings.rerollWindowMinutes).then((changed) => {
          for (const v of changed) {
            const rec = rolls.get(v.id);
            if (!rec) continue;
            rec.view = v;
            rec.update?.(v);
          }
        });
      }
      readAll = true;
      settle();
    };
    const reading = sliced(
      () => {
        if (next >= messages.length) return false;
        readMessage(messages[next++]!);
        showFirstScreen();
        return true;
      },
      // Until the screen's posts are read, slices run back to back; then in idle time.
      () => !firstScreenShown,
      readDone,
    );
    refold = (newDuelAt: number[]) => {
      reading.finish();
      scanner = new ThreadScanner(clock, rules, { bound: context.bound, sheets: context.sheets, newDuelAt, seenTips: context.seenTips, locale: uiLocale() });
      summary.rolls = [];
      for (const m of messages) readMessage(m, true);
    };
    // The panel asks for the thread: what is left is read now, and the duel's view made of it
    // (only then: it is not kept up to date while the page is read), once the sheets are audited.
    finishReading = async () => {
      reading.finish();
      const state = scanner.game.state();
      summary.duel = await loadExtras().then(
        (x) => x.duelView(state, rules, uiLocale()),
        () => null,
      );
      await audited;
    };
    stopReading = () => {
      reading.cancel();
      watchNear?.disconnect();
      waiting.clear();
    };
    revealBadges = (id) => {
      const m = owners.get(id);
      if (m) flush(m);
    };
    /** The screen's posts, once it is known where it begins: badged at once, not when the observer reports. */
    let screenMarked = -1;
    const markScreen = () => {
      if (screenFrom === null) screenFrom = screenStart(document, messages, location.hash, parsed);
      if (screenFrom === null) {
        // The `#N` anchor is not parsed yet: until it is, the browser shows the page's top.
        for (let i = 0; i < FIRST_SCREEN_POSTS && i < messages.length; i++) near.add(messages[i]!);
        return;
      }
      const end = Math.min(messages.length - 1, screenEnd());
      for (let i = Math.max(screenFrom, screenMarked + 1); i <= end; i++) {
        near.add(messages[i]!);
        flush(messages[i]!);
      }
      screenMarked = Math.max(screenMarked, end);
    };
    const take = (added: Element[]) => {
      messages.push(...added);
      markScreen();
      if (!firstScreenShown) {
        // Read up to the screen's last post now, before the next frame, within one longer slice;
        // what is left (an anchor deep in a long page) runs in the next ones, back to back.
        // (While the `#N` anchor is not parsed, only the top's dozen: the rest goes in 8 ms slices,
        // not in the parser's own task.)
        const started = performance.now();
        const upTo = screenFrom === null ? FIRST_SCREEN_POSTS - 1 : screenEnd();
        while (next < messages.length && next <= upTo && performance.now() - started < FIRST_SLICE_MS) readMessage(messages[next++]!);
        showFirstScreen();
      }
      reading.wake();
    };
    const onParsed = () => {
      parsed = true;
      markScreen();
      showFirstScreen();
      reading.wake();
    };
    watcher = (source.feed ?? feedPosts(document)).take(take, { onParsed, onDisorder: source.onDisorder });
  } else if (detection.kind === 'dice-log') {
    const lines = readDiceLog(document);
    const records = lines.map((l) => l.record);
    const rerolls = new Map(findRerolls(records, settings.rerollWindowMinutes, sameSparkRoll).map((r) => [r.index, r]));
    lines.forEach((line, i) => {
      const reading = readSparkRoll(line.record, undefined, uiLocale());
      const again = rerolls.get(i);
      const cautions = again
        ? [t('cs.logLineReroll', { attempt: again.attempt, reason: line.record.reason, roller: line.record.rollerName, minutes: Math.round(again.gap / 60) })]
        : [];
      if (line.record.fudged) cautions.push(t('cs.fudged', { count: line.record.fudged }));
      const view: RollView = {
        ...rollView(
          {
            id: `log-${i}`,
            postNumber: 0,
            record: line.record,
            reading,
            verdict: { trust: 'verified', reasons: [t('cs.logLine')], cautions },
            findings: [],
            lands: null,
            declared: 0,
            anchor: document.body,
          },
          line.record.rollerName,
        ),
        reroll: again ? { attempt: again.attempt, gapMinutes: Math.round(again.gap / 60) } : undefined,
      };
      if (reading.faces === null && view.d10 && view.kind !== 'starting-hand') {
        view.trust = 'total-only';
        view.trustLabel = trustLabel('total-only', uiLocale());
      }
      summary.rolls.push(view);
      if (settings.annotations.diceLog && line.element) {
        const use = { label: t('cs.useInReply'), run: () => writeLastLogRoll(line.record.text).then(() => t('cs.savedForReply')) };
        const { host } = mountRollBadge('log', view, theme, { 'data-reroll': again ? again.attempt : null }, [use], DETAILS);
        line.element.appendChild(host);
        hosts.set(view.id, host);
      }
    });
    markAllRead();
  } else if (detection.kind === 'character') {
    const found = findSheetOnCharacterPage(document, SPARK_SHEETS);
    if (found) {
      if (info.gameId) void tellPageSheet(info.gameId, found.text);
      // The audit is in the extras: the page counts as read once its badge is in.
      const audited = auditSheet({ id: 'sheet-0', postNumber: 0, text: found.text, element: found.element }, info.viewer ?? '', (job) => job());
      finishReading = () => audited;
      void audited.then(markAllRead);
    } else markAllRead();
  } else markAllRead();

  // The drawer's button goes in after the page's first frame: it is our own control, not a
  // reading of the page, and put in before that frame it cost a restyle and relayout of a long
  // page (50-70 ms on a real 1,000-post page here). A request for the drawer before then mounts it at once.
  const mountDrawerNow = () => {
    if (!drawer && !stopped && settings.annotations.drawer && detection.kind !== 'unsupported') drawer = mountDrawer(theme, detection);
    return drawer;
  };
  whenParsed(document, () => afterNextFrame(mountDrawerNow));

  return {
    answer(r) {
      switch (r.type) {
        case 'summary':
          return finishReading().then(() => {
            summary.hasReplyForm = !!readReplyForm(document).textarea;
            return summary;
          });
        case 'jump': {
          revealBadges(r.id);
          const host = hosts.get(r.id);
          if (!host) return { ok: false };
          host.scrollIntoView({ block: 'center', behavior: 'smooth' });
          rootOf(host)?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
          return { ok: true };
        }
        case 'insert':
          return insertIntoReply(document, r.text);
        case 'refold':
          refold?.(r.newDuelAt);
          return { ok: !!refold };
        case 'drawer': {
          const d = mountDrawerNow();
          if (!d) return { ok: false };
          d.toggle(r.open);
          return { ok: true };
        }
      }
    },
    stop() {
      stopped = true;
      watcher?.stop();
      stopReading();
      drawer?.remove();
      for (const h of hosts.values()) h.remove();
    },
  };
}
