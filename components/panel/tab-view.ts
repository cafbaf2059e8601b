/** What a game registers with the panel: its tabs, each a label and a body that reads the panel's context. */
import type { ComponentType } from 'preact';
import type { GameId } from '../../lib/games/registry';
import type { Key } from '../../lib/i18n';

export interface TabView {
  /** The tab's id: its button is `#tab-<id>`, its panel `#panel-<id>`. */
  id: string;
  label: Key;
  /** Useful off a forum's page too (elsewhere the panel says there is no page). */
  offPage?: boolean;
  /** Kept per thread: off a thread the panel asks for one instead. */
  perThread?: boolean;
  Body: ComponentType;
}

export interface GameView {
  game: GameId;
  /** The game's tabs, the one a table opens on first. */
  tabs: readonly TabView[];
}
