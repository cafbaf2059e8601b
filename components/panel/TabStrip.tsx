/** The panel's tab strip (arrow keys move between tabs) and the current tab's body with what the page lacks for it. */
import { t } from '../locale';
import { usePanel } from './context';
import type { TabView } from './tab-view';

export function TabStrip({ tabs, current, show }: { tabs: readonly TabView[]; current: string; show: (id: string) => void }) {
  return (
    <div class="tabs" role="tablist" aria-label="Spark Scribe">
      {tabs.map(({ id, label }, i) => (
        <button
          key={id}
          id={`tab-${id}`}
          role="tab"
          type="button"
          aria-selected={current === id}
          aria-controls={`panel-${id}`}
          tabIndex={current === id ? 0 : -1}
          onClick={() => show(id)}
          onKeyDown={(e) => {
            const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (!d) return;
            const next = tabs[(i + d + tabs.length) % tabs.length]!.id;
            show(next);
            (e.currentTarget.parentElement?.querySelector(`#tab-${next}`) as HTMLElement | null)?.focus();
          }}
        >
          {t(label)}
        </button>
      ))}
    </div>
  );
}

export function TabBody({ tab, saveProblem }: { tab: TabView; saveProblem: string }) {
  const { summary, threadKey } = usePanel();
  const { Body } = tab;
  return (
    <div role="tabpanel" id={`panel-${tab.id}`} aria-labelledby={`tab-${tab.id}`}>
      {summary === undefined && <p class="muted">{t('panel.reading')}</p>}
      {summary === null && !tab.offPage && <p>{t('panel.noPage')}</p>}
      {summary?.notice && <p class="card">{summary.notice}</p>}
      {(!tab.perThread || threadKey) && <Body />}
      {tab.perThread && !threadKey && summary !== undefined && <p>{t('panel.noThread')}</p>}
      {saveProblem && (
        <p class="alert small" role="alert">
          {saveProblem}
        </p>
      )}
    </div>
  );
}
