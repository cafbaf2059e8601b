/** The Turns view's sources on the extension's pages (components/turns/source.ts): the followed store, the settings, the clipboard. */
import { browser } from 'wxt/browser';
import type { TurnsPrefsSource, TurnsSource } from '../../../components/turns/source';
import { emptyChecks } from '../../../lib/turns/checks';
import { emptyFollowStore } from '../../../lib/turns/followed';
import { followKeeper } from './follow';
import { notifiedItem, turnsPrefsItem } from './follow-prefs';
import { readSettings } from './settings';
import { checksItem } from './follow-checks';
import type { turnsCheckNow } from '../messages/turns';
import { checkOk } from '../protocol';
import { send } from '../transport';

export const browserTurnsSource: TurnsSource = {
  read: followKeeper.read,
  onChange: (cb) => followKeeper.item.onChange(cb),
  follow: followKeeper.follow,
  changeThread: followKeeper.changeThread,
  setYou: (forum, name) =>
    followKeeper.change((s) => {
      const you = { ...s.you };
      if (name.trim()) you[forum] = name.trim().slice(0, 120);
      else delete you[forum];
      return { ...s, you };
    }),
  settings: async () => (await readSettings()).settings,
  checks: {
    read: () => checksItem.read(),
    onChange: (cb) => checksItem.onChange(cb),
    checkNow: async () => (await send<typeof turnsCheckNow>('turns-check-now', {}, checkOk))?.ok ?? false,
    version: browser.runtime.getManifest().version,
  },
  prefs: () => turnsPrefsItem.read(),
  async copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  },
};

/** The Options page's Turns card: its preferences, the notifications permission, forgetting. */
export const browserTurnsPrefs: TurnsPrefsSource = {
  read: () => turnsPrefsItem.read(),
  write: (prefs) => turnsPrefsItem.write(prefs),
  // Called in the user's click, with nothing awaited before it (Firefox takes the request from a user action only).
  allowNotifications: () => browser.permissions.request({ permissions: ['notifications'] }).catch(() => false),
  async forget() {
    await followKeeper.change((s) => ({ ...emptyFollowStore(), you: s.you, aside: s.aside }));
    await notifiedItem.write({});
    await checksItem.write(emptyChecks());
  },
};
