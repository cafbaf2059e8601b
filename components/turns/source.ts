/**
 * What the Turns view needs from its host (the side panel and the drawer, the toolbar's popup): the
 * followed threads and their changes, the settings (each thread's post language), copying. The
 * host provides it once (entrypoints/shared/storage/follow-source.ts); the view renders.
 */
import type { Settings } from '../../lib/settings/schema';
import type { Followed, FollowStore } from '../../lib/turns/followed';
import type { Checks } from '../../lib/turns/checks';
import type { TurnsPrefs } from '../../lib/turns/prefs';

/** The background's checks of followed threads (issue 41, item 3): how each went, and Check now. */
export interface ChecksIO {
  read(): Promise<Checks>;
  onChange(cb: (checks: Checks) => void): () => void;
  /** Ask every followed thread once (the user's own); resolves when it is done. */
  checkNow(): Promise<boolean>;
  /** The extension's version, for a report. */
  version: string;
}

export interface TurnsSource {
  read(): Promise<FollowStore>;
  onChange(cb: (store: FollowStore) => void): () => void;
  /** Follow a thread or stop (rejects with the reason when it cannot be saved). */
  follow(base: Followed, on: boolean): Promise<unknown>;
  /** Change one followed thread (its pace rule, GM, cast). */
  changeThread(key: string, change: (f: Followed | null) => Followed | null): Promise<unknown>;
  /** The name the user goes by on a forum ('' clears it). */
  setYou(forum: string, name: string): Promise<unknown>;
  settings(): Promise<Settings>;
  prefs(): Promise<TurnsPrefs>;
  copy(text: string): Promise<boolean>;
  /** The background's checks, where the host has a background to ask. */
  checks?: ChecksIO;
}

let provided: TurnsSource | null = null;

/** The host gives the view its source, once, before rendering. */
export function provideTurns(source: TurnsSource): void {
  provided = source;
}

/** The source the host provided (null: a host without followed threads, such as a test's panel). */
export const turnsSource = (): TurnsSource | null => provided;

/** What the Options page's Turns card needs: the preferences, the browser's leave to notify, forgetting what is followed. */
export interface TurnsPrefsSource {
  read(): Promise<TurnsPrefs>;
  write(prefs: TurnsPrefs): Promise<unknown>;
  /** Ask the browser for the notifications permission (call it from the user's click, before any wait): whether it is granted. */
  allowNotifications(): Promise<boolean>;
  /** Forget every followed thread (and what the notifications told, and how the checks went). */
  forget(): Promise<unknown>;
}

let prefsProvided: TurnsPrefsSource | null = null;
export function provideTurnsPrefs(source: TurnsPrefsSource): void {
  prefsProvided = source;
}
export const turnsPrefsSource = (): TurnsPrefsSource | null => prefsProvided;
