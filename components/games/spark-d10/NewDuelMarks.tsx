/** Where a new duel starts in the thread: the posts the user marked (the page reads the duel again from there). */
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../locale';
import { usePanel } from '../../panel/context';

/** The posts marked as a new duel's start in this thread, and marking them (saved, then the page refolds). */
function useDuelStarts() {
  const { source, threadKey, refresh } = usePanel();
  const [newDuelAt, setStarts] = useState<number[]>([]);
  useEffect(() => {
    if (threadKey) void source.loadDuelStarts(threadKey).then(setStarts);
  }, [threadKey]);
  const onMarkNewDuel = (posts: number[]) => {
    if (!threadKey) return;
    setStarts(posts);
    void source
      .saveDuelStarts(threadKey, posts)
      .then(() => source.refold(posts))
      .then(refresh);
  };
  return { newDuelAt, onMarkNewDuel };
}

export function NewDuelMarks({ posts }: { posts: number[] }) {
  const [mark, setMark] = useState('');
  const { newDuelAt, onMarkNewDuel } = useDuelStarts();
  return (
    <details class="small">
      <summary>{t('duel.newDuel')}</summary>
      <p>{t('duel.newDuelHint')}</p>
      <div class="row">
        <label class="field small">
          {t('duel.newDuelFrom')}
          <select value={mark} onChange={(e) => setMark((e.target as HTMLSelectElement).value)}>
            <option value="">{t('duel.choosePost')}</option>
            {posts.map((p) => (
              <option key={p} value={p}>
                #{p}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="btn" disabled={!mark} onClick={() => onMarkNewDuel([...newDuelAt, Number(mark)])}>
          {t('duel.mark')}
        </button>
        {newDuelAt.length > 0 && (
          <button type="button" class="btn" onClick={() => onMarkNewDuel([])}>
            {t('duel.clearMarks', { posts: newDuelAt.map((n) => `#${n}`).join(', ') })}
          </button>
        )}
      </div>
    </details>
  );
}
