import { auditSheetText } from '../../../lib/spark/audit';
import type { GameRules } from '../../../lib/spark/settings';
import { type SheetView, sheetView } from '../../../lib/view';
import { findingsList, sheetSummaryText } from '../../sheet-badge';
import { DomNode } from '../../panel/DomNode';
import { t, uiLocale } from '../../locale';
import { usePanel } from '../../panel/context';
import { SaveError } from '../../panel/SaveError';
import { useBindSheet } from './use-bind-sheet';

function viewOf(text: string, rules: GameRules): SheetView {
  return sheetView({ id: 'pasted', postNumber: 0, text }, auditSheetText(text, rules, uiLocale()), '');
}

/** The GM's sheet audit: every sheet on the page, and any sheet pasted here. */
export function SheetsTab() {
  const { summary, rules, scratch, jump: onJump } = usePanel();
  const onBind = useBindSheet();
  if (!rules || !scratch.value || summary === undefined) return null;
  const pasted = scratch.value.pastedSheet;
  const onPasted = (pastedSheet: string) => scratch.update({ pastedSheet });
  const pastedView = pasted.trim() ? viewOf(pasted, rules) : null;
  return (
    <section aria-label={t('sheets.section')}>
      {summary?.sheets.length ? null : <p class="muted">{t('sheets.none')}</p>}
      {summary?.sheets.map((s) => (
        <div key={s.id} class="card" data-sheet={s.id}>
          <div class="row">
            <b>{s.author || t('sheets.sheet')}</b>
            {s.post ? <span class="muted">#{s.post}</span> : null}
            <span class="small">{sheetSummaryText(s)}</span>
          </div>
          <DomNode make={(doc) => findingsList(doc, s)} deps={[s]} />
          <div class="row">
            <button type="button" class="btn small" onClick={() => onJump(s.id)}>
              {t('sheets.goTo')}
            </button>
            <button type="button" class="btn small" onClick={() => onBind(s.text)}>
              {t('sheets.mine')}
            </button>
          </div>
        </div>
      ))}
      <label class="field">
        {t('sheets.paste')}
        <textarea class="mono" rows={8} value={pasted} onInput={(e) => onPasted((e.target as HTMLTextAreaElement).value)} />
      </label>
      {pastedView && (
        <div class="card">
          {sheetSummaryText(pastedView)}
          <DomNode make={(doc) => findingsList(doc, pastedView)} deps={[pasted]} />
        </div>
      )}
      <SaveError error={scratch.saveError} />
    </section>
  );
}
