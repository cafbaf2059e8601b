/** The tabs every game shows: the thread's rolls and the reply. */
import { usePanel } from './context';
import { ReplyTab } from './ReplyTab';
import type { TabView } from './tab-view';
import { ThreadTab } from './ThreadTab';

function ThreadBody() {
  const { summary, jump } = usePanel();
  return summary ? <ThreadTab summary={summary} onJump={jump} /> : null;
}

export const THREAD_TAB: TabView = { id: 'thread', label: 'panel.tab.thread', Body: ThreadBody };
export const REPLY_TAB: TabView = { id: 'reply', label: 'panel.tab.reply', offPage: true, Body: ReplyTab };
