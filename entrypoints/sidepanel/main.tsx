import '../../lib/i18n/all';
import { render } from 'preact';
import { t } from '../../components/locale';
import { applyLocale } from '../shared/locale';
import { browser } from 'wxt/browser';
import { PANEL_STYLES, STYLES } from '../../components/page-styles';
import { isTab, Panel } from '../../components/panel/Panel';
import type { PanelSource } from '../../components/panel/source';
import { askOwnTab, askTab, checkDrawerToken } from '../shared/messages';
import type { TabProtocol, TabType } from '../shared/protocol';
import { onIncoming, takeIncoming } from '../shared/last-roll';
import {
  onDraftChanged,
  readBoundSheet,
  readDraft,
  readDuelStarts,
  writeDuelStarts,
  readGameChoice,
  readLastLogRoll,
  readScratch,
  readSettings,
  readTable,
  writeSettings,
  writeBoundSheet,
  writeDraft,
  writeGameChoice,
  writeScratch,
  writeTable,
  readParlorSecrets,
  saveParlorSecret,
} from '../shared/storage';

const params = new URLSearchParams(location.search);
/** In the in-page drawer: the token its tab's content script gave this frame. */
const token = params.has('embedded') ? (/(?:^#|&)t=([\w-]{16,100})/.exec(location.hash)?.[1] ?? '') : '';
const framed = window.top !== window;

/** The tab this panel follows: given (tests, demo, a top-level page of ours only), or the active one. */
async function currentTabId(): Promise<number | null> {
  // A tab named in the address counts only for a top-level page of ours that no web page opened.
  const given = Number(params.get('tabId'));
  const ours = !framed && !window.opener && (!document.referrer || document.referrer.startsWith(location.origin));
  if (Number.isInteger(given) && given > 0 && ours) return given;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

/** The drawer asks its own tab through the background; the side panel asks the tab it follows. */
async function ask<T extends TabType>(type: T, fields: TabProtocol[T]['ask']) {
  if (token) return askOwnTab(token, type, fields);
  const id = await currentTabId();
  return id === null ? null : askTab(id, type, fields);
}

const source: PanelSource = {
  summary: () => ask('summary', {}),
  async jump(rollId) {
    await ask('jump', { id: rollId });
  },
  async insert(text) {
    const r = await ask('insert', { text });
    return r ?? { ok: false, error: t('panel.noInsert') };
  },
  loadDraft: readDraft,
  saveDraft: writeDraft,
  onDraftChanged,
  loadBound: readBoundSheet,
  saveBound: writeBoundSheet,
  settings: async () => (await readSettings()).settings,
  saveSettings: writeSettings,
  loadScratch: readScratch,
  saveScratch: writeScratch,
  lastLogRoll: readLastLogRoll,
  loadTable: readTable,
  saveTable: writeTable,
  loadParlorSecrets: readParlorSecrets,
  saveParlorSecret,
  loadGameChoice: readGameChoice,
  saveGameChoice: writeGameChoice,
  takeIncoming,
  onIncoming,
  loadDuelStarts: readDuelStarts,
  saveDuelStarts: writeDuelStarts,
  async refold(newDuelAt) {
    await ask('refold', { newDuelAt });
  },
  async copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  },
  onPageChange(cb) {
    // The panel follows its tab: a given one (tests, the demo) or the drawer's page as it navigates, else the active tab.
    const fixed = Number(params.get('tabId'));
    if (params.has('embedded')) return () => {};
    const onActivated = () => !fixed && cb();
    const onUpdated = (id: number, info: { status?: string }) => info.status === 'complete' && (!fixed || id === fixed) && cb();
    browser.tabs.onActivated.addListener(onActivated);
    browser.tabs.onUpdated.addListener(onUpdated);
    return () => {
      browser.tabs.onActivated.removeListener(onActivated);
      browser.tabs.onUpdated.removeListener(onUpdated);
    };
  },
};

const style = document.createElement('style');
style.textContent = STYLES + PANEL_STYLES;
document.head.appendChild(style);
const tab = params.get('tab');
const app = document.getElementById('app')!;
/** A frame a web page made of this page gets nothing: only the drawer its own tab's content script opened runs here. */
async function allowed(): Promise<boolean> {
  if (!framed) return true;
  return !!token && (await checkDrawerToken(token));
}
void Promise.all([allowed(), readSettings().catch(() => null)]).then(([ok, read]) => {
  applyLocale(read?.settings.language, true);
  // In the drawer, Escape (not taken by something inside the panel) closes it; focus goes back to its button.
  if (ok && token) {
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !e.defaultPrevented) void askOwnTab(token, 'drawer', { open: false });
    });
  }
  if (ok) render(<Panel source={source} initialTab={isTab(tab) ? tab : 'thread'} />, app);
  else {
    const p = document.createElement('p');
    p.textContent = t('panel.refused');
    app.replaceChildren(p);
  }
});
