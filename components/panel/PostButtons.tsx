/** "Insert into reply" and "Copy" for a post the panel built: the status says what happened. */
export interface PostIO {
  onInsert: (text: string) => Promise<{ ok: true } | { ok: false; error: string }>;
  onCopy: (text: string) => Promise<boolean>;
  canInsert: boolean;
}

export function PostButtons({ text, label = 'Insert into reply', onInsert, onCopy, canInsert, setStatus, disabled = false }: PostIO & { text: string; label?: string; setStatus: (s: string) => void; disabled?: boolean }) {
  return (
    <div class="row">
      <button type="button" class="btn primary" disabled={!canInsert || disabled} onClick={() => void onInsert(text).then((r) => setStatus(r.ok ? 'Inserted into the reply box: post it.' : r.error))}>
        {label}
      </button>
      <button type="button" class="btn" onClick={() => void onCopy(text).then((ok) => setStatus(ok ? 'Copied.' : 'Copy failed.'))}>
        Copy
      </button>
    </div>
  );
}
