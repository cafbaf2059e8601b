/**
 * The side panel (and the drawer): the page's title, the game and post-language choices, and the
 * tab strip of what the thread's game registers (components/games/registry.ts). It names no game:
 * it gives every tab one context (./context.ts) and renders the current tab's body.
 */
import { useEffect, useState } from 'preact/hooks';
import { writerFor } from '../../lib/forums/registry';
import { GAMES, gameById } from '../../lib/games/registry';
import { postLanguage, rulesForGame } from '../../lib/settings/defaults';
import { gameKeyOf } from '../../lib/settings/keys';
import type { Settings } from '../../lib/settings/schema';
import { ALL_TABS, stripOf, tabOf, viewOf } from '../games/registry';
import { t } from '../locale';
import { PanelContext, type PanelContextValue } from './context';
import { readAhead } from './draft-ahead';
import { draftKeyOf } from './ReplyBox';
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

/** The thread's draft read while the panel is idle, so that its Reply tab is usable in its first frame. */
function useDraftAhead(source: PanelSource, key: string | null) {
  useEffect(() => {
    if (!key) return;
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
    if (idle) idle(() => readAhead(source, key), { timeout: 1000 });
    else setTimeout(() => readAhead(source, key), 0);
  }, [source, key]);
}

export function Panel({ source, initialTab = 'thread' }: { source: PanelSource; initialTab?: string }) {
  const [tab, setTab] = useState(initialTab);
  const { summary, refresh } = usePageSummary(source);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [bound, setBound] = useState<string | null>(null);
  const [saveProblem, setSaveProblem] = useState('');
  const scratch = useScratch(source.loadScratch, source.saveScratch);
  const threadKey = threadKeyOf(summary);
  const { game, chosen, choose } = useGameChoice(source, summary, threadKey);
  const [incoming, setIncoming] = useIncoming(source, threadKey, () => setTab('reply'));
  useDraftAhead(source, draftKeyOf(summary, threadKey));
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
  const context: PanelContextValue = {
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
  };

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
        <TabBody tab={tabOf(view, tab)} saveProblem={saveProblem} />
      </main>
    </PanelContext.Provider>
  );
}
