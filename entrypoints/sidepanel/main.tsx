import { render } from 'preact';
import { browser } from 'wxt/browser';
import { PANEL_STYLES, STYLES } from '../../components/styles';
import { isTab, Panel } from '../../components/panel/Panel';
import type { PanelSource } from '../../components/panel/source';
import { askTab } from '../shared/messages';
import { onIncoming, takeIncoming } from '../shared/last-roll';
import { onDraftChanged, readBoundSheet, readDraft, readDuelStarts, writeDuelStarts, readGameChoice, readLastLogRoll, readScratch, readSettings, readTable, writeBoundSheet, writeDraft, writeGameChoice, writeScratch, writeTable } from '../shared/storage';

const params = new URLSearchParams(location.search);

/** The tab this panel follows: given (tests, demo), the one holding the drawer, or the active one. */
async function currentTabId(): Promise<number | null> {
  const given = Number(params.get('tabId'));
  if (Number.isInteger(given) && given > 0) return given;
  if (params.has('embedded')) {
    const current = await browser.tabs.getCurrent().catch(() => undefined);
    if (current?.id !== undefined) return current.id;
    // A frame inside a page: where getCurrent() has no answer, the page is the active tab.
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

const source: PanelSource = {
  async summary() {
    const id = await currentTabId();
    return id === null ? null : askTab(id, { type: 'summary' });
  },
  async jump(rollId) {
    const id = await currentTabId();
    if (id !== null) await askTab(id, { type: 'jump', id: rollId });
  },
  async insert(text) {
    const id = await currentTabId();
    const r = id === null ? null : await askTab(id, { type: 'insert', text });
    return r ?? { ok: false, error: 'No RPOL page to insert into: open the thread you are replying to.' };
  },
  loadDraft: readDraft,
  saveDraft: writeDraft,
  onDraftChanged,
  loadBound: readBoundSheet,
  saveBound: writeBoundSheet,
  settings: async () => (await readSettings()).settings,
  loadScratch: readScratch,
  saveScratch: writeScratch,
  lastLogRoll: readLastLogRoll,
  loadTable: readTable,
  saveTable: writeTable,
  loadGameChoice: readGameChoice,
  saveGameChoice: writeGameChoice,
  takeIncoming,
  onIncoming,
  loadDuelStarts: readDuelStarts,
  saveDuelStarts: writeDuelStarts,
  async refold(newDuelAt) {
    const id = await currentTabId();
    if (id !== null) await askTab(id, { type: 'refold', newDuelAt });
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
render(<Panel source={source} initialTab={isTab(tab) ? tab : 'thread'} />, document.getElementById('app')!);
