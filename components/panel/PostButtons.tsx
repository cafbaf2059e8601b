/** "Insert into reply" and "Copy" for a post the panel built, and "Copy for Discord" for a state post: the status says what happened. */
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
}: PostIO & { text: string; label?: string; setStatus: (s: string) => void; disabled?: boolean; doc?: PostDoc }) {
  const discord = doc ? discordMessages(doc) : [];
  return (
    <div class="row">
      <button
        type="button"
        class="btn primary"
        disabled={!canInsert || disabled}
        onClick={() => void onInsert(text).then((r) => setStatus(r.ok ? t('post.inserted') : r.error))}
      >
        {label}
      </button>
      <button type="button" class="btn" onClick={() => void onCopy(text).then((ok) => setStatus(ok ? t('post.copied') : t('post.copyFailed')))}>
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
    </div>
  );
}
