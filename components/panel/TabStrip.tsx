/** The panel's tab strip (arrow keys move between tabs) and the current tab's body with what the page lacks for it. */
import { useMemo } from 'preact/hooks';
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

/**
 * A tab's body. `unseen`: kept drawn while another tab is open (laid out, out of sight; hidden and
 * inert, so out of the tab order and of what a screen reader reads), so that opening it is a style change.
 */
export function TabBody({ tab, saveProblem, unseen = false }: { tab: TabView; saveProblem: string; unseen?: boolean }) {
  const { summary, threadKey } = usePanel();
  const { Body } = tab;
  // The same element while the body is the same: shown or unseen, it is not drawn again for that.
  const body = useMemo(() => <Body />, [Body]);
  return (
    <div role="tabpanel" id={`panel-${tab.id}`} aria-labelledby={`tab-${tab.id}`} class={unseen ? 'unseen' : undefined} inert={unseen || undefined}>
      {summary === undefined && <p class="muted">{t('panel.reading')}</p>}
      {summary === null && !tab.offPage && <p>{t('panel.noPage')}</p>}
      {summary?.notice && <p class="card">{summary.notice}</p>}
      {(!tab.perThread || threadKey) && body}
      {tab.perThread && !threadKey && summary !== undefined && <p>{t('panel.noThread')}</p>}
      {saveProblem && (
        <p class="alert small" role="alert">
          {saveProblem}
        </p>
      )}
    </div>
  );
}
