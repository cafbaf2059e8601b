/**
 * The reply every game's views use, naming no game: the thread's draft (saved as it is typed, a
 * change made elsewhere offered), Insert and Copy (PostButtons), and the preview through the
 * forum's writer, in the thread's post language. A game's Reply tab puts its builders above it
 * (`children`) and adds their blocks to the draft; a game without builders shows the box alone.
 */
import type { ComponentChildren } from 'preact';
import { LOCALE_NAMES } from '../../lib/i18n';
import { DRAFT_LIMIT } from '../../lib/settings/schema';
import { formatNumber, t } from '../locale';
import { usePanel } from './context';
import { PostButtons } from './PostButtons';
import { PostPreview } from './PostPreview';
import { draftKeyOf } from './draft-ahead';
import { useDraft } from './use-draft';

export type ReplyDraft = ReturnType<typeof useDraft>;

/** The thread's draft for a Reply tab. `kinds`: the game's builders, whose choice the draft keeps. */
export function useReplyDraft(kinds: readonly string[]): ReplyDraft {
  const { source, summary, threadKey, incoming, incomingTaken } = usePanel();
  return useDraft(draftKeyOf(summary, threadKey), source, kinds, incoming, incomingTaken);
}

/** A block added to the draft: after what is there, a blank line between. */
export const withBlock = (text: string, block: string): string => (text.trim() ? `${text}\n\n${block}` : block);

/** The draft changed in another tab or window: take that one, keep both, or keep this one. */
function DraftElsewhere({ count, resolve }: { count: number; resolve: (how: 'theirs' | 'both' | 'mine') => void }) {
  return (
    <div class="alert small" role="alert" data-testid="draft-elsewhere">
      {t('rt.elsewhere', { count })}
      <div class="row">
        <button type="button" class="btn small" onClick={() => resolve('theirs')}>
          {t('rt.useThat')}
        </button>
        <button type="button" class="btn small" onClick={() => resolve('both')}>
          {t('rt.keepBoth')}
        </button>
        <button type="button" class="btn small" onClick={() => resolve('mine')}>
          {t('rt.keepMine')}
        </button>
      </div>
    </div>
  );
}

export function ReplyBox({ draft, children }: { draft: ReplyDraft; children?: ComponentChildren }) {
  const { io, postLocale, writer } = usePanel();
  const { text, setText, status, setStatus } = draft;
  const problem = writer.maxLength !== null && text.length > writer.maxLength ? t('reply.tooLong', { length: text.length, max: writer.maxLength }) : null;
  return (
    <section aria-label={t('rt.section')}>
      {children}
      {draft.elsewhere && <DraftElsewhere count={draft.elsewhere.text.length} resolve={draft.resolve} />}
      <label class="field">
        {t('rt.reply')}
        <textarea
          class="mono"
          rows={8}
          value={text}
          disabled={!draft.ready}
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          data-testid="draft"
        />
      </label>
      {text.length > DRAFT_LIMIT && <div class="error small">{t('rt.tooLong', { length: formatNumber(text.length), max: formatNumber(DRAFT_LIMIT) })}</div>}
      {problem && <div class="error small">{problem}</div>}
      <PostButtons
        {...io}
        text={text}
        setStatus={setStatus}
        disabled={!!problem}
        title={io.canInsert ? t('rt.insertTitle') : t('rt.noBox')}
        inserted={t('rt.inserted')}
      >
        <button type="button" class="btn" disabled={!text} onClick={() => setText('')}>
          {t('rt.clear')}
        </button>
      </PostButtons>
      <div class="small" role="status">
        {status}
      </div>
      <h2 class="small">{t('rt.preview')}</h2>
      <p class="small muted">{t('rt.postsIn', { language: LOCALE_NAMES[postLocale] })}</p>
      <PostPreview text={text} writer={writer} />
    </section>
  );
}
