/**
 * The Spark d10's Reply tab: its builders (a declaration with its odds, a roll's summary, the
 * sheet), filled in from the bound sheet and the duel, above the reply box every game shares.
 */
import { useMemo } from 'preact/hooks';
import type { Declaration } from '../../../lib/games/spark-d10/replies';
import { parseSheetText } from '../../../lib/spark/sheet';
import { rollLineReader } from '../../../lib/forums/roll-lines';
import { builderFields } from '../../../lib/settings/schema';
import { formatPercent, t } from '../../locale';
import { usePanel } from '../../panel/context';
import { ReplyBox, useReplyDraft, withBlock } from '../../panel/ReplyBox';
import { BUILDERS, type Built, builderOf, type Form, KINDS, type Known } from './builders';

/** The odds as bars (exact distribution), with the part that meets the mark in the success colour. */
function Odds({ decl }: { decl: Declaration }) {
  const chart = decl.chart;
  const [w, h, b] = [300, 90, 14];
  const max = chart ? Math.max(...chart.p, 1e-9) : 1;
  const bw = chart ? (w - 4) / chart.p.length : 0;
  return (
    <div data-testid="odds">
      <ul class="list small">
        {decl.odds.map((o) => (
          <li key={o}>{o}</li>
        ))}
      </ul>
      {chart && chart.p.length > 1 && (
        <svg
          class="chart"
          width={w}
          height={h}
          viewBox={`0 0 ${w} ${h}`}
          role="img"
          aria-label={t('rt.chartLabel', { counts: chart.counts, values: chart.p.map((p, k) => `${k}: ${formatPercent(p, 1)}`).join(', ') })}
        >
          {chart.p.map((p, k) => {
            const bh = ((h - b - 4) * p) / max;
            return (
              <g key={k}>
                <rect
                  class={`bar${chart.highlightFrom !== undefined && k >= chart.highlightFrom ? ' pass' : ''}`}
                  x={2 + k * bw + 1}
                  y={h - b - bh}
                  width={Math.max(1, bw - 2)}
                  height={bh}
                >
                  <title>{`${k} ${chart.counts}: ${formatPercent(p, 2)}`}</title>
                </rect>
                {(chart.p.length <= 21 || k % Math.ceil(chart.p.length / 20) === 0) && (
                  <text x={2 + k * bw + bw / 2} y={h - 3} text-anchor="middle">
                    {k}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
      {chart && <div class="small muted">{chart.counts}</div>}
    </div>
  );
}

/** What the sheet bound and the page's duel already hold about the player and the opponent. */
function useKnown(): Known {
  const { bound, summary } = usePanel();
  return useMemo(() => {
    const sheet = bound ? parseSheetText(bound).sheet : null;
    const duelists = summary?.duel?.duelists ?? [];
    const name = sheet?.name?.replace(/\s+/g, ' ').trim();
    const me = duelists.find((d) => d.name === name) ?? null;
    const others = duelists.filter((d) => d !== me);
    return { sheet, me, opponent: others.find((d) => d.sheet) ?? others[0] ?? null };
  }, [bound, summary]);
}

/** What the chosen builder makes: its note, its odds, the block, and a button adding it to the reply. */
function BuiltCard({ built, builtText, add }: { built: Built; builtText: string; add: () => void }) {
  return (
    <div class="card small" aria-live="polite">
      {'error' in built ? (
        <span class="muted">{built.error}</span>
      ) : (
        <>
          {built.extra && <div>{built.extra}</div>}
          {built.decl && <Odds decl={built.decl} />}
          <pre class="mono" style="white-space:pre-wrap;margin:4px 0">
            {builtText}
          </pre>
          <button type="button" class="btn small primary" onClick={add}>
            {t('rt.add')}
          </button>
        </>
      )}
    </div>
  );
}

export function SparkReplyTab() {
  const { source, summary, bound: boundSheet, postLocale, writer } = usePanel();
  const known = useKnown();
  const draft = useReplyDraft(KINDS);
  const { text, setText, all, setAll, setStatus } = draft;
  const builder = builderOf(draft.kind);
  const { kind, Fields } = builder;
  // Each builder keeps its own fields in the draft ("draw.memory"): nothing leaks between kinds.
  const form: Form = { ...builder.defaults(known), ...builderFields(all, kind) };
  const setForm = (next: Form) => setAll({ ...all, ...Object.fromEntries(Object.entries(next).map(([key, value]) => [`${kind}.${key}`, value])) });
  const built = builder.build(form, { known, boundSheet, locale: postLocale, readRollLine: rollLineReader(summary?.forum) });
  const builtText = 'doc' in built ? writer.write(built.doc) : '';

  return (
    <ReplyBox draft={draft}>
      <label class="field small">
        {t('rt.build')}
        <select aria-label={t('rt.what')} value={kind} onChange={(e) => draft.setKind((e.target as HTMLSelectElement).value)}>
          {BUILDERS.map((b) => (
            <option key={b.kind} value={b.kind}>
              {t(b.label)}
            </option>
          ))}
        </select>
      </label>
      {known.sheet && <div class="small muted">{t(known.me ? 'rt.fromSheetDuel' : 'rt.fromSheet', { name: known.sheet.name ?? t('rt.yourSheet') })}</div>}
      <Fields
        form={form}
        setForm={setForm}
        sheet={known.sheet}
        lastLogRoll={() => (summary ? source.lastLogRoll(summary) : Promise.resolve(null))}
        setStatus={setStatus}
      />
      <BuiltCard built={built} builtText={builtText} add={() => setText(withBlock(text, builtText))} />
    </ReplyBox>
  );
}
