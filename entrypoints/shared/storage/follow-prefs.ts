/** The Turns view's preferences (Options) and what its notifications have told (the background's), each one stored item. */
import { defaultTurnsPrefs, type Notified, NotifiedSchema, TurnsPrefsSchema, type TurnsPrefs } from '../../../lib/turns/prefs';
import { storedItem } from './item';

export const turnsPrefsItem = storedItem<TurnsPrefs>('turnsPrefs', TurnsPrefsSchema, defaultTurnsPrefs);
export const notifiedItem = storedItem<Notified>('turnsNotified', NotifiedSchema, () => ({}));
