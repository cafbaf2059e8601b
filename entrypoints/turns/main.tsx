/**
 * The Turns list as the toolbar button's popup (when the user chose it in Options; the button opens
 * the panel otherwise): "Open the panel" first, then every followed thread, grouped.
 */
import '../../lib/i18n/all';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../components/locale';
import { PANEL_STYLES, STYLES } from '../../components/page-styles';
import { themeOf } from '../../components/theme';
import { TurnsList } from '../../components/turns/TurnsList';
import { useFollowed } from '../../components/turns/use-followed';
import type { Settings } from '../../lib/settings/schema';
import { applyLocale } from '../shared/locale';
import { readSettings } from '../shared/storage';
import { browserTurnsSource } from '../shared/storage/follow-source';
import { askTab } from '../shared/transport';

/** This popup's window, known before any click: the side panel opens in the click itself (a user action), with nothing awaited first. */
let windowId: number | null = null;
void (browser as unknown as { windows?: { getCurrent(): Promise<{ id?: number }> } }).windows
  ?.getCurrent()
  .then((w) => void (windowId = w.id ?? null))
  .catch(() => {});

/** The panel: Firefox's sidebar, Chrome's side panel, else (Firefox for Android) the page's drawer. */
function openPanel(): void {
  const b = browser as unknown as { sidePanel?: { open(o: { windowId: number }): Promise<void> }; sidebarAction?: { open(): Promise<void> } };
  const done = () => window.close();
  if (b.sidebarAction) void b.sidebarAction.open().then(done, done);
  else if (b.sidePanel && windowId !== null) void b.sidePanel.open({ windowId }).then(done, done);
  else
    void browser.tabs
      .query({ active: true, currentWindow: true })
      .then(([tab]) => (tab?.id !== undefined ? askTab(tab.id, 'drawer', { open: true }) : null))
      .then(done, done);
}

function Popup({ settings }: { settings: Settings | null }) {
  const { store, now } = useFollowed(browserTurnsSource);
  const [theme] = useState(() => themeOf(settings?.theme));
  useEffect(() => void (document.title = t('tu.popup.title')), []);
  return (
    <main class="ss panel" data-theme={theme} style="min-height:0">
      <div class="row turns" style="justify-content:space-between">
        <h1 class="panel-title">✦ {t('tu.popup.title')}</h1>
        <button type="button" class="btn primary" onClick={openPanel}>
          {t('tu.popup.openPanel')}
        </button>
      </div>
      {store ? (
        <TurnsList
          store={store}
          now={now}
          nudge={{ settings, copy: browserTurnsSource.copy, insert: null }}
          checks={browserTurnsSource.checks && { ...browserTurnsSource.checks, copy: browserTurnsSource.copy }}
        />
      ) : (
        <p class="muted">{t('common.loading')}</p>
      )}
    </main>
  );
}

const style = document.createElement('style');
style.textContent = STYLES + PANEL_STYLES;
document.head.appendChild(style);
void readSettings()
  .catch(() => null)
  .then((read) => {
    applyLocale(read?.settings.language, true);
    render(<Popup settings={read?.settings ?? null} />, document.getElementById('app')!);
  });
