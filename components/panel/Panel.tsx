import { useEffect, useRef, useState } from 'preact/hooks';
import { draftKey, rulesForGame } from '../../lib/settings/defaults';
import type { Scratch, Settings } from '../../lib/settings/schema';
import type { PageSummary } from '../../lib/view';
import { PlannerTab } from './PlannerTab';
import { ReplyTab } from './ReplyTab';
import { SheetsTab } from './SheetsTab';
import type { PanelSource } from './source';
import { ThreadTab } from './ThreadTab';

const TABS = [
  ['thread', 'Rolls'],
  ['sheets', 'Sheets'],
  ['planner', 'XP planner'],
  ['reply', 'Reply'],
] as const;
type Tab = (typeof TABS)[number][0];

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

  const refresh = () => void source.summary().then(setSummary);
  useEffect(() => {
    refresh();
    void source.settings().then(setSettings);
    void source.loadBound().then((b) => setBound(b?.text ?? null));
    void source.loadScratch().then(setScratch);
    return source.onPageChange(refresh);
  }, [source]);

  const theme = settings?.theme === 'dark' || (settings?.theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches) ? 'dark' : 'light';
  const rules = settings ? rulesForGame(settings, summary?.gameId ?? null) : null;
  const key = summary ? draftKey(new URL(summary.url).host, summary.gameId, summary.threadId) : null;
  const bind = (text: string | null) => {
    void source.saveBound(text === null ? null : { version: 1, text, gameId: summary?.gameId ?? null, boundAt: Date.now() });
    setBound(text);
    updateScratch({ plan: [] });
    if (text !== null) setTab('planner');
  };

  return (
    <div class="ss panel" data-theme={theme}>
      <div class="row" style="justify-content:space-between">
        <b>✦ Spark Scribe</b>
        <span class="small muted">{summary ? summary.title : ''}</span>
      </div>
      <div class="tabs" role="tablist" aria-label="Spark Scribe">
        {TABS.map(([id, label], i) => (
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
              const next = TABS[(i + d + TABS.length) % TABS.length]![0];
              setTab(next);
              (e.currentTarget.parentElement?.querySelector(`#tab-${next}`) as HTMLElement | null)?.focus();
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {summary === undefined && <p class="muted">Reading the page…</p>}
        {summary === null && tab !== 'planner' && tab !== 'reply' && <p>Open an RPOL thread, Die Roller or character page to see its rolls and sheets here.</p>}
        {summary?.notice && <p class="card">{summary.notice}</p>}
        {tab === 'thread' && summary && <ThreadTab summary={summary} onJump={(id) => void source.jump(id)} />}
        {tab === 'sheets' && rules && scratch && summary !== undefined && (
          <SheetsTab summary={summary} rules={rules} onJump={(id) => void source.jump(id)} onBind={bind} pasted={scratch.pastedSheet} onPasted={(pastedSheet) => updateScratch({ pastedSheet })} />
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
            onToReply={(t) => {
              setIncoming(t);
              setTab('reply');
            }}
          />
        )}
        {tab === 'reply' && (
          <ReplyTab
            draftKey={key ?? 'no-thread'}
            loadDraft={source.loadDraft}
            saveDraft={source.saveDraft}
            boundSheet={bound}
            incoming={incoming}
            onIncomingTaken={() => setIncoming(null)}
            lastLogRoll={source.lastLogRoll}
            onInsert={source.insert}
            onCopy={source.copy}
            canInsert={!!summary?.hasReplyForm}
          />
        )}
      </div>
    </div>
  );
}
