import { randomHex } from '../../lib/random';
import '../../lib/i18n/all';
import { render } from 'preact';
import { t } from '../../components/locale';
import { applyLocale } from '../shared/locale';
import { browser } from 'wxt/browser';
import { PANEL_STYLES, STYLES } from '../../components/page-styles';
import { isTab, Panel } from '../../components/panel/Panel';
import type { PanelSource } from '../../components/panel/source';
import { DRAWER_NONCE } from '../shared/messages/drawer';
import type { TabProtocol, TabType } from '../shared/messages/tab';
import { askOwnTab, askTab, claimDrawer, type DrawerClaim, drawerNonceDigest } from '../shared/transport';
import { sha256Hex } from '../../lib/crypto/sha256';
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
  readPrivate,
  updatePrivate,
} from '../shared/storage';
import { provideTurns } from '../../components/turns/source';
import { browserTurnsSource } from '../shared/storage/follow-source';
import { drawnNow, watchDrawn } from './drawn';

// The panel's moments, for the bench (scripts/bench-drawer.mjs): where a drawer's opening goes.
performance.mark('spark-scribe:panel-start');
const params = new URLSearchParams(location.search);
const framed = window.top !== window;
// In the drawer: whether the browser shows the frame as drawn, asked by Insert (./drawn.ts).
if (framed) watchDrawn();
/**
 * In a frame, this page is the drawer only if the background says this very frame is the one its
 * tab's content script opened on the page it is on: the content script posts its nonce in here
 * (to this origin alone), and the first document to show it claims the drawer with a secret of
 * its own (`session`). Nothing travels in an address or where the page can read it; any other
 * frame, or a later document in this one, is refused.
 */
const session = framed ? randomHex(16, (out) => crypto.getRandomValues(out)) : '';
/** A nonce's shape (128 bits in hex): nothing else is worth hashing. */
const NONCE = /^[\da-f]{32}$/;
/** How long the frame listens for its nonce: the content script posts it as this page loads. */
const LISTEN_MS = 60_000;
/** The candidates kept while the digest is on its way (a few milliseconds: no page posts this many in them). */
const MAX_EARLY = 10_000;
/**
 * The page can post into this frame too, as often as it likes, with messages shaped like the
 * content script's. The background gives this frame the digest of its tab's nonce (it tells a
 * frame nothing it could claim with), so each message is checked here, by itself: whatever the
 * page posts, and however fast, listening goes on until the content script's nonce comes, and
 * only that one is shown to the background. Messages that come before the digest are kept.
 */
const claimFromParent = (): Promise<DrawerClaim | null> =>
  new Promise((done) => {
    let digest: string | null = null;
    const early = new Set<string>();
    const finish = (claim: DrawerClaim | null) => {
      removeEventListener('message', onMessage);
      clearTimeout(timer);
      done(claim);
    };
    const consider = (nonce: string) => {
      if (digest === null) {
        if (early.size < MAX_EARLY) early.add(nonce);
      } else if (sha256Hex(nonce) === digest) {
        removeEventListener('message', onMessage);
        void claimDrawer(nonce, session).then(finish, () => finish(null));
      }
    };
    function onMessage(e: MessageEvent) {
      const nonce: unknown = e.source === parent && e.data && typeof e.data === 'object' ? (e.data as Record<string, unknown>)[DRAWER_NONCE] : undefined;
      if (typeof nonce === 'string' && NONCE.test(nonce)) consider(nonce);
    }
    const timer = window.setTimeout(() => finish(null), LISTEN_MS);
    addEventListener('message', onMessage);
    void drawerNonceDigest().then((d) => {
      if (!d) return finish(null);
      digest = d;
      for (const nonce of early) consider(nonce);
      early.clear();
    });
  });
/** In the drawer: its claim (null: refused). */
const claim: Promise<DrawerClaim | null> = framed ? claimFromParent() : Promise.resolve(null);
const claimed: Promise<boolean> = framed ? claim.then((c) => c !== null) : Promise.resolve(true);

/** The tab this panel follows: given (tests, demo, a top-level page of ours only), or the active one. */
async function currentTabId(): Promise<number | null> {
  // A tab named in the address counts only for a top-level page of ours that no web page opened.
  const given = Number(params.get('tabId'));
  const ours = !framed && !window.opener && (!document.referrer || document.referrer.startsWith(location.origin));
  if (Number.isInteger(given) && given > 0 && ours) return given;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

/** The drawer asks the page that registered it; the side panel asks the tab it follows. */
async function ask<T extends TabType>(type: T, fields: TabProtocol[T]['ask']) {
  if (framed) {
    const c = await claim;
    return c ? askOwnTab(c, type, fields) : null;
  }
  const id = await currentTabId();
  return id === null ? null : askTab(id, type, fields);
}

const source: PanelSource = {
  summary: () => ask('summary', {}),
  async jump(rollId) {
    await ask('jump', { id: rollId });
  },
  async insert(text) {
    // The page puts nothing into its reply box from a drawer it hides or covers (a lured click).
    const r = await ask('insert', { text, seen: framed ? await drawnNow() : null });
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
  // The line picked on a Die Roller page of this page's origin and game only.
  async lastLogRoll(page) {
    if (!page.gameId) return null;
    try {
      return await readLastLogRoll(new URL(page.url).origin, page.gameId);
    } catch {
      return null;
    }
  },
  loadTable: readTable,
  saveTable: writeTable,
  loadPrivate: readPrivate,
  updatePrivate,
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
    if (framed) return () => {};
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

provideTurns(browserTurnsSource);
const style = document.createElement('style');
style.textContent = STYLES + PANEL_STYLES;
document.head.appendChild(style);
const tab = params.get('tab');
/** The Reply tab kept drawn: a click on it shows a box ready to type in at once (issue 43). */
const KEEP = ['reply'] as const;
const app = document.getElementById('app')!;
void claimed.then(() => performance.mark('spark-scribe:panel-claimed'));
void Promise.all([claimed, readSettings().catch(() => null)]).then(([ok, read]) => {
  performance.mark('spark-scribe:panel-settings');
  applyLocale(read?.settings.language, true);
  // In the drawer, Escape (the user's, not taken by something inside the panel) closes it; focus goes back to its button.
  if (ok && framed) {
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && e.isTrusted && !e.defaultPrevented) void ask('drawer', { open: false });
    });
  }
  if (ok) {
    render(<Panel source={source} initialTab={isTab(tab) ? tab : 'thread'} keep={KEEP} />, app);
    // Drawn: the frame after the one that lays the panel out.
    requestAnimationFrame(() => setTimeout(() => performance.mark('spark-scribe:panel-drawn')));
  } else {
    const p = document.createElement('p');
    p.textContent = t('panel.refused');
    app.replaceChildren(p);
  }
});
