/**
 * The side panel (and the drawer): the page's title, the game and post-language choices, and the
 * tab strip of what the thread's game registers (components/games/registry.ts). It names no game:
 * it gives every tab one context (./context.ts) and renders the current tab's body (and, unseen,
 * the bodies it is told to keep drawn).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { writerFor } from '../../lib/forums/registry';
import { GAMES, gameById } from '../../lib/games/registry';
import { postLanguage, rulesForGame } from '../../lib/settings/defaults';
import { gameKeyOf } from '../../lib/settings/keys';
import type { Settings } from '../../lib/settings/schema';
import { ALL_TABS, stripOf, tabOf, viewOf } from '../games/registry';
import type { GameView } from './tab-view';
import { t } from '../locale';
import { PanelContext, type PanelContextValue } from './context';
import { draftKeyOf, readAhead } from './draft-ahead';
import { PostLanguageChoice } from './PostLanguageChoice';
import type { PanelSource } from './source';
import { TabBody, TabStrip } from './TabStrip';
import { ThreadPagesLine } from './ThreadPagesLine';
import { threadKeyOf, useGameChoice, usePageSummary } from './use-page';
import { useScratch } from './use-scratch';
import { themeOf } from '../theme';

export const isTab = (id: string | null): id is string => ALL_TABS.some((tab) => tab.id === id);

/** A text sent to this thread's reply from a badge: taken once, and the reply shown. */
function useIncoming(source: PanelSource, threadKey: string | null, showReply: () => void) {
  const [incoming, setIncoming] = useState<string | null>(null);
  useEffect(() => {
    if (!threadKey) return;
    const take = () =>
      void source.takeIncoming(threadKey).then((text) => {
        if (text === null) return;
        setIncoming(text);
        showReply();
      });
    take();
    return source.onIncoming(take);
  }, [threadKey]);
  return [incoming, setIncoming] as const;
}

function GameChoice({ game, chosen, choose }: { game: string; chosen: boolean; choose: (id: string) => void }) {
  return (
    <label class="row small">
      {t('panel.game')}
      <select aria-label={t('panel.game.label')} data-testid="game-choice" value={game} onChange={(e) => choose((e.target as HTMLSelectElement).value)}>
        {GAMES.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
      <span class="muted">{chosen ? t('panel.game.chosen') : t('panel.game.guessed')}</span>
    </label>
  );
}

/** `run` once the panel is idle (at most a second from now); the returned function cancels it. */
function whenIdle(run: () => void): () => void {
  const g = globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
  if (g.requestIdleCallback && g.cancelIdleCallback) {
    const id = g.requestIdleCallback(run, { timeout: 1000 });
    return () => g.cancelIdleCallback?.(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}

/**
 * Idle, once the page has answered: the thread's draft read ahead, then the tabs to keep drawn
 * (`keep`), which start from it (usable in their first frame, and the draft read once).
 */
function useReadyAhead(source: PanelSource, draftKey: string | null, keep: readonly string[]): readonly string[] {
  const [kept, setKept] = useState<readonly string[]>([]);
  useEffect(() => {
    if (!draftKey) return;
    let live = true;
    const cancel = whenIdle(() => void readAhead(source, draftKey).then(() => live && keep.length && setKept(keep)));
    return () => {
      live = false;
      cancel();
    };
  }, [source, draftKey]);
  return kept;
}

/** The open tab's body, then each kept tab's, unseen: one keyed list, so that opening a kept tab moves nothing. */
function TabBodies({ view, open, kept, saveProblem }: { view: GameView; open: string; kept: readonly string[]; saveProblem: string }) {
  const strip = stripOf(view, open);
  const ids = [...(kept.includes(open) ? [] : [open]), ...kept.filter((id) => id === open || strip.some((x) => x.id === id))];
  return (
    <>
      {ids.map((id) => (
        <TabBody key={id} tab={tabOf(view, id)} saveProblem={id === open ? saveProblem : ''} unseen={id !== open} />
      ))}
    </>
  );
}

/**
 * `keep`: tabs kept drawn once the page has answered, so that opening one is a style change (the
 * side panel and the drawer keep the Reply tab: issue 43's wait from its click to a usable box).
 */
export function Panel({ source, initialTab = 'thread', keep = [] }: { source: PanelSource; initialTab?: string; keep?: readonly string[] }) {
  const [tab, setTab] = useState(initialTab);
  const { summary, refresh } = usePageSummary(source);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [bound, setBound] = useState<string | null>(null);
  const [saveProblem, setSaveProblem] = useState('');
  const scratch = useScratch(source.loadScratch, source.saveScratch);
  const threadKey = threadKeyOf(summary);
  const { game, chosen, choose } = useGameChoice(source, summary, threadKey);
  const [incoming, setIncoming] = useIncoming(source, threadKey, () => setTab('reply'));
  const kept = useReadyAhead(source, draftKeyOf(summary, threadKey), keep);
  useEffect(() => {
    void source.settings().then(setSettings);
    void source.loadBound().then((b) => setBound(b?.text ?? null));
  }, [source]);

  useEffect(() => {
    // The bench's moment: the page's answer (its thread folded) first shown.
    if (summary !== undefined && !performance.getEntriesByName('spark-scribe:panel-summary').length) performance.mark('spark-scribe:panel-summary');
  }, [summary]);

  const view = viewOf(game);
  const chooseGame = (id: string) => {
    const next = viewOf(gameById(id).id);
    choose(gameById(id).id);
    if (!next.tabs.some((x) => x.id === tab)) setTab(next.tabs[0]?.id ?? 'thread');
  };
  const theme = themeOf(settings?.theme);
  // One value while nothing it holds changes: a tab switch then redraws the strip and the tab's
  // body, not every view reading the context (the functions in it read nothing that changes).
  const context = useMemo<PanelContextValue>(
    () => ({
      source,
      summary,
      settings,
      rules: settings ? rulesForGame(settings, gameKeyOf(threadKey)) : null,
      threadKey,
      postLocale: postLanguage(settings, threadKey),
      writer: writerFor(summary?.forum),
      io: { onInsert: source.insert, onCopy: source.copy, canInsert: !!summary?.hasReplyForm },
      jump: (id) => void source.jump(id),
      refresh,
      showTab: setTab,
      setSaveProblem,
      bound,
      bind: (text) => {
        void source.saveBound(text === null ? null : { version: 1, text, gameId: gameKeyOf(threadKey), boundAt: Date.now() });
        setBound(text);
      },
      scratch,
      incoming,
      toReply: (text) => {
        setIncoming(text);
        setTab('reply');
      },
      incomingTaken: () => setIncoming(null),
    }),
    [source, summary, settings, threadKey, bound, scratch.value, scratch.saveError, incoming],
  );

  return (
    <PanelContext.Provider value={context}>
      <main class="ss panel" data-theme={theme}>
        <div class="row" style="justify-content:space-between">
          <h1 class="panel-title">✦ {t('panel.heading')}</h1>
          <span class="small muted">{summary ? summary.title : ''}</span>
        </div>
        <GameChoice game={game} chosen={chosen} choose={chooseGame} />
        <ThreadPagesLine thread={summary?.thread} />
        {threadKey && settings && <PostLanguageChoice settings={settings} setSettings={setSettings} />}
        <TabStrip tabs={stripOf(view, tab)} current={tab} show={setTab} />
        <TabBodies view={view} open={tab} kept={kept} saveProblem={saveProblem} />
      </main>
    </PanelContext.Provider>
  );
}
