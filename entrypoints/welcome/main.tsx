import '../../lib/i18n/all';
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { PANEL_STYLES, STYLES } from '../../components/page-styles';
import { Welcome } from '../../components/Welcome';
import { t } from '../../components/locale';
import { applyLocale } from '../shared/locale';
import { readSettings } from '../shared/storage';
import { themeOf } from '../../components/theme';

const style = document.createElement('style');
style.textContent = STYLES + PANEL_STYLES;
document.head.appendChild(style);

type Sidebar = { open(): Promise<void> };
type SidePanel = { open(o: { windowId: number }): Promise<void> };
const api = browser as unknown as { sidebarAction?: Sidebar; sidePanel?: SidePanel };
// Known before the click, so that open() runs in the click's own call (a user action).
let windowId: number | undefined;
void browser.windows
  ?.getCurrent()
  .then((w) => (windowId = w.id))
  .catch(() => {});

void readSettings()
  .catch(() => null)
  .then((read) => {
    applyLocale(read?.settings.language, true);
    document.title = t('welcome.title');
    const theme = themeOf(read?.settings.theme);
    // Both open only from a user action: this click.
    const onOpenPanel = api.sidebarAction
      ? () => void api.sidebarAction!.open().catch(() => {})
      : api.sidePanel
        ? () => {
            if (windowId !== undefined) void api.sidePanel!.open({ windowId }).catch(() => {});
          }
        : null;
    render(
      <Welcome
        theme={theme}
        panelKind={api.sidebarAction ? 'sidebar' : 'side panel'}
        onOpenPanel={onOpenPanel}
        onOpenOptions={() => void browser.runtime.openOptionsPage()}
      />,
      document.getElementById('app')!,
    );
  });
