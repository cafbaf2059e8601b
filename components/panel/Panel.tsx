import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { parseSheetText } from '../../lib/spark/sheet';
import { draftKey, rulesForGame } from '../../lib/settings/defaults';
import type { Scratch, Settings } from '../../lib/settings/schema';
import type { PageSummary } from '../../lib/view';
import { PlannerTab } from './PlannerTab';
import { ReplyTab } from './ReplyTab';
import { SheetsTab } from './SheetsTab';
import type { PanelSource } from './source';
import { ThreadTab } from './ThreadTab';
import { SparksFlyTab } from './SparksFlyTab';
import { DuelTab } from './DuelTab';
import { ParlorCalcTab } from './ParlorTab';
import { ParlorTableTab } from './ParlorTable';
import { GAMES, gameById, type GameId, guessGame } from '../../lib/games/registry';
import { PARLOR } from '../../lib/games/parlor/game';
import { SPARK_D10 } from '../../lib/games/spark-d10/game';
import type { DuelTable } from '../../lib/games/spark-d10/stored';
import { SPARKS_FLY } from '../../lib/games/sparks-fly/game';
import { LOCALE_NAMES, LOCALES, type Key, type Locale } from '../../lib/i18n';
import { t } from '../locale';
import { postLanguage } from '../../lib/settings/defaults';
import { writerFor } from '../../lib/forums/registry';

const ALL_TABS = ['thread', 'duel', 'sheets', 'planner', 'match', 'table', 'calc', 'reply'] as const;
type Tab = (typeof ALL_TABS)[number];
export const isTab = (t: string | null): t is Tab => ALL_TABS.some((id) => id === t);

export function Panel({ source, initialTab = 'thread' }: { source: PanelSource; initialTab?: Tab }) {
  const [tab, setTab] = useState<Tab>(initialTab);
  const [summary, setSummary] = useState<PageSummary | null | undefined>(undefined);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [bound, setBound] = useState<string | null>(null);
  const [incoming, setIncoming] = useState<string | null>(null);
  const [scratch, setScratch] = useState<Scratch | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** What the user types in the Sheets and Planner tabs is saved (debounced) and comes back. */
  const updateScratch = (patch: Partial<Scratch>) =>
    setScratch((cur) => {
      if (!cur) return cur;
      const next = { ...cur, ...patch };
      clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(() => void source.saveScratch(next), 250);
      return next;
    });

  const [chosen, setChosen] = useState<GameId | null>(null);
  /** Read the page's summary; a page that has just loaded may not answer yet: ask again for a few seconds. */
  const refresh = () => {
    const attempt = (left: number) =>
      void source.summary().then((s) => {
        if (s === null && left > 0) setTimeout(() => attempt(left - 1), 250);
        else setSummary(s);
      });
    attempt(12);
  };
  useEffect(() => {
    setChosen(null);
    if (summary?.gameId) void source.loadGameChoice(summary.gameId).then(setChosen);
  }, [summary?.gameId]);
  const [stored, setStored] = useState<GameId | null>(null);
  const [duelStarts, setDuelStarts] = useState<number[]>([]);
  const [duelTable, setDuelTable] = useState<DuelTable | null>(null);
  const [saveProblem, setSaveProblem] = useState('');
  const threadKey = summary ? draftKey(new URL(summary.url).host, summary.gameId, summary.threadId) : null;
  useEffect(() => {
    setStored(null);
    setDuelTable(null);
    if (threadKey)
      void source.loadTable(threadKey).then((t) => {
        setStored(t?.game ?? null);
        if (t?.game === SPARK_D10.id) setDuelTable(t);
      });
    if (threadKey) void source.loadDuelStarts(threadKey).then(setDuelStarts);
    if (!threadKey) return;
    // A roll summary sent from a badge of this thread: into the reply, once.
    const take = () =>
      void source.takeIncoming(threadKey).then((t) => {
        if (t === null) return;
        setIncoming(t);
        setTab('reply');
      });
    take();
    return source.onIncoming(take);
  }, [threadKey]);
  const game: GameId = chosen ?? stored ?? guessGame(summary?.tablePosts ?? []);
  const tabsOf = (g: GameId): readonly string[] => gameById(g).tabs;
  const TABS = ALL_TABS.filter((id) => tabsOf(game).includes(id) || id === tab);
  const chooseGame = (g: GameId) => {
    setChosen(g);
    if (summary?.gameId) void source.saveGameChoice(summary.gameId, g);
    const first = tabsOf(g)[0] ?? null;
    if (!tabsOf(g).includes(tab)) setTab(isTab(first) ? first : 'thread');
  };
  useEffect(() => {
    refresh();
    void source.settings().then(setSettings);
    void source.loadBound().then((b) => setBound(b?.text ?? null));
    void source.loadScratch().then(setScratch);
    return source.onPageChange(refresh);
  }, [source]);

  const known = useMemo(() => {
    const sheet = bound ? parseSheetText(bound).sheet : null;
    const duelists = summary?.duel?.duelists ?? [];
    const name = sheet?.name?.replace(/\s+/g, ' ').trim();
    const me = duelists.find((d) => d.name === name) ?? null;
    const others = duelists.filter((d) => d !== me);
    return { sheet, me, opponent: others.find((d) => d.sheet) ?? others[0] ?? null };
  }, [bound, summary]);
  const theme = settings?.theme === 'dark' || (settings?.theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches) ? 'dark' : 'light';
  const rules = settings ? rulesForGame(settings, summary?.gameId ?? null) : null;
  const key = summary ? draftKey(new URL(summary.url).host, summary.gameId, summary.threadId) : null;
  /** What is posted to this thread is written in the thread's language, not the UI's. */
  const postLocale = postLanguage(settings, key);
  /** The thread's forum writes what is posted (RPOL's RuBB today). */
  const writer = writerFor(summary?.forum);
  const choosePostLocale = async (l: Locale) => {
    if (!settings || !key) return;
    const next = { ...settings, threadLanguages: { ...settings.threadLanguages } };
    if (l === 'en') delete next.threadLanguages[key];
    else next.threadLanguages[key] = l;
    setSettings(next);
    try {
      await source.saveSettings(next);
    } catch (e) {
      setSaveProblem(t('common.notSaved', { reason: e instanceof Error ? e.message : String(e) }));
    }
  };
  const bind = (text: string | null) => {
    void source.saveBound(text === null ? null : { version: 1, text, gameId: summary?.gameId ?? null, boundAt: Date.now() });
    setBound(text);
    updateScratch({ plan: [] });
    if (text !== null) setTab('planner');
  };

  return (
    <main class="ss panel" data-theme={theme}>
      <div class="row" style="justify-content:space-between">
        <h1 class="panel-title">✦ {t('panel.heading')}</h1>
        <span class="small muted">{summary ? summary.title : ''}</span>
      </div>
      <label class="row small">
        {t('panel.game')}
        <select
          aria-label={t('panel.game.label')}
          data-testid="game-choice"
          value={game}
          onChange={(e) => chooseGame(gameById((e.target as HTMLSelectElement).value).id)}
        >
          {GAMES.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <span class="muted">{chosen ? t('panel.game.chosen') : t('panel.game.guessed')}</span>
      </label>
      {key && settings && (
        <label class="row small">
          {t('panel.postLanguage')}
          <select
            aria-label={t('panel.postLanguage.label')}
            data-testid="post-language"
            value={postLocale}
            onChange={(e) => void choosePostLocale((e.target as HTMLSelectElement).value as Locale)}
          >
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
      )}
      <div class="tabs" role="tablist" aria-label="Spark Scribe">
        {TABS.map((id, i) => (
          <button
            key={id}
            id={`tab-${id}`}
            role="tab"
            type="button"
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
            onKeyDown={(e) => {
              const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!d) return;
              const next = TABS[(i + d + TABS.length) % TABS.length]!;
              setTab(next);
              (e.currentTarget.parentElement?.querySelector(`#tab-${next}`) as HTMLElement | null)?.focus();
            }}
          >
            {t(`panel.tab.${id}` as Key)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {summary === undefined && <p class="muted">{t('panel.reading')}</p>}
        {summary === null && tab !== 'planner' && tab !== 'reply' && <p>{t('panel.noPage')}</p>}
        {summary?.notice && <p class="card">{summary.notice}</p>}
        {tab === 'thread' && summary && <ThreadTab summary={summary} onJump={(id) => void source.jump(id)} />}
        {tab === 'duel' && summary !== undefined && (
          <DuelTab
            duel={summary?.duel ?? null}
            posts={[...new Set((summary?.rolls ?? []).map((r) => r.post).filter((n) => n > 0))]}
            newDuelAt={duelStarts}
            onJump={(id) => void source.jump(id)}
            onMarkNewDuel={(posts) => {
              if (!key) return;
              setDuelStarts(posts);
              void source
                .saveDuelStarts(key, posts)
                .then(() => source.refold(posts))
                .then(refresh);
            }}
            table={duelTable}
            onTable={(next) => {
              setDuelTable(next);
              if (!key) return;
              void source
                .saveTable(key, next)
                .then(() => setSaveProblem(''))
                .catch((e: unknown) => setSaveProblem(t('panel.tableNotSaved', { reason: e instanceof Error ? e.message : String(e) })));
            }}
            rules={rules}
            rolls={summary?.rolls ?? []}
            onInsert={source.insert}
            onCopy={source.copy}
            canInsert={!!summary?.hasReplyForm}
            postLocale={postLocale}
            writer={writer}
          />
        )}
        {saveProblem && (
          <p class="alert small" role="alert">
            {saveProblem}
          </p>
        )}
        {tab === 'sheets' && rules && scratch && summary !== undefined && (
          <SheetsTab
            summary={summary}
            rules={rules}
            onJump={(id) => void source.jump(id)}
            onBind={bind}
            pasted={scratch.pastedSheet}
            onPasted={(pastedSheet) => updateScratch({ pastedSheet })}
          />
        )}
        {tab === 'planner' && rules && scratch && (
          <PlannerTab
            bound={bound}
            rules={rules}
            onBind={bind}
            draftText={scratch.plannerText}
            onDraftText={(plannerText) => updateScratch({ plannerText })}
            plan={scratch.plan}
            onPlan={(plan) => updateScratch({ plan })}
            postLocale={postLocale}
            writer={writer}
            onToReply={(t) => {
              setIncoming(t);
              setTab('reply');
            }}
          />
        )}
        {tab === 'match' && key && (
          <SparksFlyTab
            tableKey={key}
            threadPosts={summary?.tablePosts ?? []}
            load={async (k) => {
              const t = await source.loadTable(k);
              return t?.game === SPARKS_FLY.id ? t : null;
            }}
            save={source.saveTable}
            onInsert={source.insert}
            onCopy={source.copy}
            canInsert={!!summary?.hasReplyForm}
            postLocale={postLocale}
            writer={writer}
          />
        )}
        {tab === 'table' && key && summary && (
          <ParlorTableTab
            tableKey={key}
            viewer={summary.viewer}
            threadPosts={summary.tablePosts ?? []}
            load={async (k) => {
              const t = await source.loadTable(k);
              return t?.game === PARLOR.id ? t : null;
            }}
            save={source.saveTable}
            loadSecrets={source.loadParlorSecrets}
            saveSecret={source.saveParlorSecret}
            onInsert={source.insert}
            onCopy={source.copy}
            canInsert={!!summary.hasReplyForm}
            writer={writer}
            postLocale={postLocale}
          />
        )}
        {tab === 'calc' && (
          <ParlorCalcTab onInsert={source.insert} onCopy={source.copy} canInsert={!!summary?.hasReplyForm} postLocale={postLocale} writer={writer} />
        )}
        {(tab === 'match' || tab === 'table') && !key && summary !== undefined && <p>{t('panel.noThread')}</p>}
        {tab === 'reply' && (
          <ReplyTab
            draftKey={summary === undefined ? null : (key ?? 'no-thread')}
            loadDraft={source.loadDraft}
            saveDraft={source.saveDraft}
            onDraftChanged={source.onDraftChanged}
            boundSheet={bound}
            incoming={incoming}
            onIncomingTaken={() => setIncoming(null)}
            lastLogRoll={source.lastLogRoll}
            onInsert={source.insert}
            onCopy={source.copy}
            canInsert={!!summary?.hasReplyForm}
            known={known}
            postLocale={postLocale}
            writer={writer}
          />
        )}
      </div>
    </main>
  );
}
