/**
 * "Reveal my secret". After the game's end it adds the reveal line at once. Before it, a reveal
 * gives away the hand and every card still to come, so it asks for a word typed: a page that draws
 * the drawer see-through can lure clicks onto it, never typing (issue: nothing secret on one click).
 * The reveal line is added to the lines to post only after that; it is never inserted by itself.
 */
import { useState } from 'preact/hooks';
import { t } from '../../locale';

export function RevealButton({ ended, reveal }: { ended: boolean; reveal: () => void }) {
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const word = t('pm.rv.word');
  if (ended || !asking)
    return (
      <button type="button" class="btn small" onClick={() => (ended ? reveal() : setAsking(true))}>
        {t('pm.ui.reveal')}
      </button>
    );
  const matches = typed.trim().toLocaleLowerCase() === word.toLocaleLowerCase();
  const close = () => {
    setAsking(false);
    setTyped('');
  };
  return (
    <form
      class="card small"
      data-testid="reveal-confirm"
      onSubmit={(e) => {
        e.preventDefault();
        if (!matches) return;
        close();
        reveal();
      }}
    >
      <p role="alert">{t('pm.rv.warn')}</p>
      <label class="field">
        {t('pm.rv.type', { word })}
        <input value={typed} autoComplete="off" spellcheck={false} onInput={(e) => setTyped((e.target as HTMLInputElement).value)} />
      </label>
      <div class="row">
        <button type="submit" class="btn small" disabled={!matches}>
          {t('pm.rv.confirm')}
        </button>
        <button type="button" class="btn small" onClick={close}>
          {t('pm.rv.cancel')}
        </button>
      </div>
    </form>
  );
}
