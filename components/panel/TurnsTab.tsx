/** The panel's Turns tab (every game's): the current thread's Follow and settings, then every followed thread, grouped. */
import { forumById } from '../../lib/forums/registry';
import { t } from '../locale';
import { ThreadControls } from '../turns/ThreadControls';
import type { NudgeIO } from '../turns/Nudge';
import { turnsSource } from '../turns/source';
import { TurnsList } from '../turns/TurnsList';
import { useFollowed } from '../turns/use-followed';
import { usePanel } from './context';
import type { TabView } from './tab-view';

function TurnsBody() {
  const { summary, threadKey, writer, io, settings } = usePanel();
  const source = turnsSource();
  const { store, now } = useFollowed(source);
  if (!source) return <p class="muted">{t('tu.unavailable')}</p>;
  if (!store) return <p class="muted">{t('common.loading')}</p>;
  const facts =
    summary && threadKey && summary.kind === 'thread'
      ? { key: threadKey, forum: summary.forum, forumName: forumById(summary.forum)?.name ?? summary.forum, url: summary.url, title: summary.title ?? '' }
      : null;
  const nudge: NudgeIO = { settings, copy: source.copy, insert: threadKey && io.canInsert ? { key: threadKey, run: io.onInsert } : null };
  return (
    <TurnsList store={store} now={now} nudge={nudge} checks={source.checks && { ...source.checks, copy: source.copy }}>
      {facts && <ThreadControls facts={facts} store={store} source={source} writer={writer} io={io} />}
    </TurnsList>
  );
}

export const TURNS_TAB: TabView = { id: 'turns', label: 'tu.tab', offPage: true, Body: TurnsBody };
