/** "Insert into reply" and "Copy" for a post the panel built: the status says what happened. */
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
}: PostIO & { text: string; label?: string; setStatus: (s: string) => void; disabled?: boolean }) {
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
    </div>
  );
}
