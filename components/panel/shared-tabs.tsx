/** The tabs every game may show: the thread's rolls, and a reply with no game's builders. */
import { usePanel } from './context';
import { ReplyBox, useReplyDraft } from './ReplyBox';
import type { TabView } from './tab-view';
import { ThreadTab } from './ThreadTab';

function ThreadBody() {
  const { summary, jump } = usePanel();
  return summary ? <ThreadTab summary={summary} onJump={jump} /> : null;
}

/**
 * A reply without builders keeps no builder's choice: the draft's stored `kind` is '' (a game's
 * Reply tab reading that draft opens on its first builder); the builders' fields stay as stored.
 */
const NO_BUILDERS: readonly string[] = [''];

/** The reply box alone. */
function PlainReply() {
  return <ReplyBox draft={useReplyDraft(NO_BUILDERS)} />;
}

export const THREAD_TAB: TabView = { id: 'thread', label: 'panel.tab.thread', Body: ThreadBody };
/** The Reply tab of a game with no builders; a game with builders lists its own tab of this id (the strip puts it last). */
export const REPLY_TAB: TabView = { id: 'reply', label: 'panel.tab.reply', offPage: true, Body: PlainReply };
