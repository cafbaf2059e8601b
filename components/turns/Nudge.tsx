/**
 * The GM's nudge for a thread: who the game waits on, since when and the deadline, in the thread's
 * language, written by the thread's forum's writer, with Copy (and Insert, on the thread's own page).
 */
import { useState } from 'preact/hooks';
import { writerFor } from '../../lib/forums/registry';
import { postLanguage } from '../../lib/settings/defaults';
import type { Settings } from '../../lib/settings/schema';
import type { Followed } from '../../lib/turns/followed';
import { nudgePost } from '../../lib/turns/nudge';
import type { ThreadTurns } from '../../lib/turns/turns';
import { PostButtons } from '../panel/PostButtons';
import { PostPreview } from '../panel/PostPreview';
import { t } from '../locale';

export interface NudgeIO {
  settings: Settings | null;
  copy(text: string): Promise<boolean>;
  /** Insert into the reply box of the page the panel follows: for that thread only (its key). */
  insert: { key: string; run(text: string): Promise<{ ok: true } | { ok: false; error: string }> } | null;
}

/** The reader's own zone: the nudge is shown to the thread's GM, whose zone a rule is set in by default. */
export const readerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function Nudge({ f, turns, io }: { f: Followed; turns: ThreadTurns; io: NudgeIO }) {
  const [status, setStatus] = useState('');
  const writer = writerFor(f.forum);
  const doc = nudgePost(turns, postLanguage(io.settings, f.key), f.pace?.zone ?? readerZone());
  const text = writer.write(doc);
  const own = io.insert?.key === f.key ? io.insert : null;
  return (
    <details data-testid="nudge">
      <summary>{t('tu.nudge')}</summary>
      <PostPreview doc={doc} writer={writer} />
      <PostButtons
        text={text}
        onInsert={(x) => own?.run(x) ?? Promise.resolve({ ok: false as const, error: t('tu.nudgeElsewhere') })}
        onCopy={io.copy}
        canInsert={!!own}
        title={own ? undefined : t('tu.nudgeElsewhere')}
        setStatus={setStatus}
      />
      <p class="small" role="status">
        {status}
      </p>
    </details>
  );
}
