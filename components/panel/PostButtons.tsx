/**
 * "Insert into reply" and "Copy" for a post the panel built or the user typed, and "Copy for
 * Discord" for a state post: the status says what happened. One set of these buttons for every tab.
 */
import type { ComponentChildren } from 'preact';
import { discordMessages } from '../../lib/post/discord';
import type { PostDoc } from '../../lib/post/doc';
import { t } from '../locale';
export interface PostIO {
  onInsert: (text: string) => Promise<{ ok: true } | { ok: false; error: string }>;
  onCopy: (text: string) => Promise<boolean>;
  canInsert: boolean;
}

export function PostButtons({
  text,
  label = t('post.insert'),
  onInsert,
  onCopy,
  canInsert,
  setStatus,
  disabled = false,
  doc,
  title,
  inserted = t('post.inserted'),
  children,
}: PostIO & {
  text: string;
  label?: string;
  setStatus: (s: string) => void;
  /** Not to be inserted now (copying stays possible). */
  disabled?: boolean;
  doc?: PostDoc;
  /** What the insert button does, said on hover. */
  title?: string;
  /** The status once inserted. */
  inserted?: string;
  /** More buttons of the same row. */
  children?: ComponentChildren;
}) {
  const discord = doc ? discordMessages(doc) : [];
  // An empty text is nothing to insert or copy.
  const empty = !text.trim();
  return (
    <div class="row">
      <button
        type="button"
        class="btn primary"
        disabled={!canInsert || disabled || empty}
        title={title}
        // A pointer's press leaves focus where it is: in the page's reply box once a first Insert
        // put it there, so the page neither redraws a lost focus nor takes it back for the next one
        // (the drawer's Insert, issue 43). Keyboard focus on the button is untouched.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => void onInsert(text).then((r) => setStatus(r.ok ? inserted : r.error))}
      >
        {label}
      </button>
      <button
        type="button"
        class="btn"
        disabled={empty}
        onClick={() => void onCopy(text).then((ok) => setStatus(ok ? t('post.copied') : t('post.copyFailed')))}
      >
        {t('post.copy')}
      </button>
      {discord.map((m, n) => (
        <button
          key={n}
          type="button"
          class="btn"
          disabled={disabled}
          data-testid="copy-discord"
          onClick={() => void onCopy(m).then((ok) => setStatus(ok ? t('post.copiedDiscord', { n: n + 1, count: discord.length }) : t('post.copyFailed')))}
        >
          {discord.length > 1 ? t('post.discordPart', { n: n + 1, count: discord.length }) : t('post.discord')}
        </button>
      ))}
      {children}
    </div>
  );
}
