import { useMemo } from 'preact/hooks';
import { buildDeclaration, damageAfterToughness, rollSummary, sheetPost, type BuildInput, type Declaration } from '../../lib/games/spark-d10/replies';
import { COLOURS, type Attribute, type Colour } from '../../lib/spark/attributes';
import type { CharacterSheet } from '../../lib/spark/sheet';
import type { DuelistView } from '../../lib/games/spark-d10/view';
import { parseRollLine, recordFromLine } from '../../lib/forums/rpol/roll-line';
import { findFacesLines } from '../../lib/rolls/faces-line';
import type { RollRecord } from '../../lib/rolls/record';
import type { Rarity } from '../../lib/spark/draw';
import { inPlay, parseSheetText } from '../../lib/spark/sheet';
import { builderFields, DRAFT_LIMIT } from '../../lib/settings/schema';
import { PostPreview } from './PostPreview';
import type { PostDoc } from '../../lib/post/doc';
import { LOCALE_NAMES, type Key, type Locale } from '../../lib/i18n';
import { formatNumber, formatPercent, t, uiLocale } from '../locale';
import { usePanel } from './context';
import { BuilderFields } from './ReplyBuilders';
import { useDraft } from './use-draft';

type Kind = 'draw' | 'channel' | 'speed' | 'damage' | 'toughness' | 'ad-hoc' | 'recovery' | 'summary' | 'after-toughness' | 'sheet';
type Form = Record<string, string>;

const KINDS: Kind[] = ['draw', 'channel', 'speed', 'damage', 'toughness', 'ad-hoc', 'recovery', 'summary', 'after-toughness', 'sheet'];

function recordOf(line: string): RollRecord | null {
  const l = parseRollLine(line);
  // RPOL's Die Roller line, else a pool and its faces as any board shows them.
  return l ? recordFromLine(l, 'log', line) : (findFacesLines(line)[0]?.record ?? null);
}

const num = (s: string | undefined, d: number) => (s !== undefined && s.trim() !== '' && Number.isFinite(Number(s)) ? Math.trunc(Number(s)) : d);

/** What the sheet and the duel already hold, for the builders' defaults. */
export interface Known {
  sheet: CharacterSheet | null;
  me: DuelistView | null;
  opponent: DuelistView | null;
}

/** An attribute in play on the bound sheet, or null with none bound. */
const inPlayOn = (sheet: CharacterSheet | null, a: Attribute): number | null => (sheet ? inPlay(sheet, a) : null);
const rollMod = (sheet: CharacterSheet | null, key: string) =>
  sheet ? Object.values(sheet.attributes).reduce((n, v) => n + (v?.modifiers?.[key] ?? 0), 0) : 0;

/** The defaults of each builder: from the bound sheet and the duel, so no number the sheet holds is typed. */
export function defaultsFor(kind: Kind, k: Known): Form {
  const s = k.sheet;
  const v = (a: Attribute) => String(inPlayOn(s, a) ?? '');
  switch (kind) {
    case 'draw':
      return { rarity: 'Common', memory: v('Memory'), modifier: String(rollMod(s, 'draw')) };
    case 'channel': {
      const colour = (s?.affinity.colours[0] ?? COLOURS.find((c) => (inPlayOn(s, c) ?? 0) > 0) ?? 'Red') as Colour;
      return {
        colour,
        trades: '0',
        carried: String(k.me?.pendingPlus ?? 0),
        modifier: String(rollMod(s, 'channeling')),
        lands: String(k.me?.lands.find((l) => l.colour === colour)?.count ?? 0),
      };
    }
    case 'speed':
      return { focus: v('Focus'), modifier: String(rollMod(s, 'speed')), opponent: k.opponent?.speed ? String(k.opponent.speed.successes) : '' };
    case 'damage':
      return {
        power: v('Power'),
        modifier: String(rollMod(s, 'damage')),
        toughness: k.opponent?.toughness !== null && k.opponent?.toughness !== undefined ? String(k.opponent.toughness) : '',
        targetModifier: '0',
      };
    case 'toughness':
      return {
        toughness: String(k.me?.toughness ?? inPlayOn(s, 'Toughness') ?? ''),
        damage: '',
        modifier: String(rollMod(s, 'resistance')),
        life: k.me?.life !== null && k.me?.life !== undefined ? String(k.me.life) : '',
      };
    case 'ad-hoc':
      return { source: 'Memory', spark: s?.affinity.colours[0] ?? 'Red', difficulty: '2', modifier: '0' };
    case 'recovery':
      return { toughness: String(k.me?.toughness ?? inPlayOn(s, 'Toughness') ?? ''), difficulty: '1', modifier: String(rollMod(s, 'recovery')) };
    case 'after-toughness':
      return { modifier: String(rollMod(s, 'resistance')), life: k.me?.life !== null && k.me?.life !== undefined ? String(k.me.life) : '' };
    default:
      return {};
  }
}

/** Build a block of the reply from the form; a message when the form is not ready. */
function build(kind: Kind, f: Form, boundSheet: string | null, k: Known, l: Locale): { doc: PostDoc; extra?: string; decl?: Declaration } | { error: string } {
  const n = (key: string) => num(f[key], NaN);
  const input = (): BuildInput | { error: string } => {
    switch (kind) {
      case 'draw':
        return { kind, card: f.card ?? '', rarity: (f.rarity as Rarity) || 'Common', memory: n('memory'), modifier: num(f.modifier, 0) };
      case 'channel': {
        const colour = (f.colour as Colour) || 'Red';
        const attribute = num(f.attribute, inPlayOn(k.sheet, colour) ?? NaN);
        if (!Number.isFinite(attribute)) return { error: t('rt.err.dice', { colour: colourName(colour) }) };
        return { kind, colour, attribute, trades: num(f.trades, 0), carried: num(f.carried, 0), modifier: num(f.modifier, 0), landsInPlay: num(f.lands, 0) };
      }
      case 'speed':
        return Number.isFinite(n('focus'))
          ? {
              kind,
              focus: n('focus'),
              modifier: num(f.modifier, 0),
              opponent: f.opponent?.trim() ? { name: k.opponent?.name ?? t('rt.opponent'), successes: num(f.opponent, 0) } : null,
            }
          : { error: t('rt.err.focus') };
      case 'damage':
        return Number.isFinite(n('power'))
          ? {
              kind,
              power: n('power'),
              modifier: num(f.modifier, 0),
              target: f.toughness?.trim()
                ? { name: k.opponent?.name ?? t('rt.target'), toughness: num(f.toughness, 0), modifier: num(f.targetModifier, 0) }
                : null,
            }
          : { error: t('rt.err.power') };
      case 'toughness':
        return Number.isFinite(n('toughness'))
          ? { kind, toughness: n('toughness'), damage: num(f.damage, -1), modifier: num(f.modifier, 0), life: f.life?.trim() ? num(f.life, 0) : null }
          : { error: t('rt.err.toughness') };
      case 'ad-hoc': {
        const source = f.source || 'Memory';
        const spark = f.spark || 'Red';
        const sv = inPlayOn(k.sheet, source as Attribute);
        const pv = inPlayOn(k.sheet, spark as Attribute);
        if (sv === null || pv === null) return { error: t('rt.err.bind') };
        return { kind, source, sourceValue: sv, spark, sparkValue: pv, modifier: num(f.modifier, 0), difficulty: num(f.difficulty, 0) };
      }
      case 'recovery':
        return Number.isFinite(n('toughness'))
          ? { kind, toughness: n('toughness'), modifier: num(f.modifier, 0), difficulty: num(f.difficulty, 0) }
          : { error: t('rt.err.recovery') };
      default:
        return { error: '' };
    }
  };
  if (kind === 'summary') {
    const rec = recordOf(f.logLine ?? '');
    if (!rec) return { error: t('rt.err.logLine') };
    return { doc: rollSummary(rec, l) };
  }
  if (kind === 'after-toughness') {
    const damage = num(f.damage, -1);
    if (damage < 0) return { error: t('reply.err.damage') };
    const rec = f.logLine?.trim() ? recordOf(f.logLine) : null;
    const faces =
      rec?.faces ??
      (f.faces ?? '')
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
    if (faces.some((x) => !Number.isInteger(x) || x < 1 || x > 10)) return { error: t('rt.err.faces') };
    const life = f.life?.trim() ? num(f.life, 0) : null;
    return { doc: damageAfterToughness(damage, faces, num(f.modifier, 0), life, rec?.rollId ?? null, l) };
  }
  if (kind === 'sheet') {
    if (!boundSheet) return { error: t('rt.err.bindFirst') };
    return { doc: sheetPost(parseSheetText(boundSheet).sheet) };
  }
  const i = input();
  if ('error' in i) return i;
  const d = buildDeclaration(i, l, uiLocale());
  if ('error' in d) return d;
  return { doc: d.post, extra: t('rt.howToRoll', { dice: d.roll.dice, options: d.roll.options.join(', '), reason: d.roll.reason }), decl: d };
}

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

/** Insert the reply into the page's box, copy it, or clear it. */
function ReplyActions({
  text,
  setText,
  problem,
  setStatus,
}: {
  text: string;
  setText: (s: string) => void;
  problem: string | null;
  setStatus: (s: string) => void;
}) {
  const { io } = usePanel();
  return (
    <div class="row">
      <button
        type="button"
        class="btn primary"
        disabled={!text.trim() || !io.canInsert || !!problem}
        title={io.canInsert ? t('rt.insertTitle') : t('rt.noBox')}
        onClick={() => void io.onInsert(text).then((r) => setStatus(r.ok ? t('rt.inserted') : r.error))}
      >
        {t('post.insert')}
      </button>
      <button
        type="button"
        class="btn"
        disabled={!text.trim()}
        onClick={() => void io.onCopy(text).then((ok) => setStatus(ok ? t('post.copied') : t('post.copyFailed')))}
      >
        {t('post.copy')}
      </button>
      <button type="button" class="btn" disabled={!text} onClick={() => setText('')}>
        {t('rt.clear')}
      </button>
    </div>
  );
}

/** What the chosen builder makes: its note, its odds, the block, and a button adding it to the reply. */
function Built({ built, builtText, add }: { built: ReturnType<typeof build>; builtText: string; add: () => void }) {
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

export function ReplyTab() {
  const { source, summary, threadKey, bound: boundSheet, incoming, incomingTaken, postLocale, writer } = usePanel();
  const known = useKnown();
  const draftKey = summary === undefined ? null : (threadKey ?? 'no-thread');
  const draft = useDraft(draftKey, source, KINDS, incoming, incomingTaken);
  const { text, setText, all, setAll, status, setStatus } = draft;
  const kind = draft.kind as Kind;
  const form: Form = { ...defaultsFor(kind, known), ...builderFields(all, kind) };
  const setForm = (next: Form) => setAll({ ...all, ...Object.fromEntries(Object.entries(next).map(([key, value]) => [`${kind}.${key}`, value])) });
  const built = build(kind, form, boundSheet, known, postLocale);
  const builtText = 'doc' in built ? writer.write(built.doc) : '';
  const problem = writer.maxLength !== null && text.length > writer.maxLength ? t('reply.tooLong', { length: text.length, max: writer.maxLength }) : null;

  return (
    <section aria-label={t('rt.section')}>
      <label class="field small">
        {t('rt.build')}
        <select aria-label={t('rt.what')} value={kind} onChange={(e) => draft.setKind((e.target as HTMLSelectElement).value as Kind)}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`rt.kind.${k}` as Key)}
            </option>
          ))}
        </select>
      </label>
      {known.sheet && <div class="small muted">{t(known.me ? 'rt.fromSheetDuel' : 'rt.fromSheet', { name: known.sheet.name ?? t('rt.yourSheet') })}</div>}
      <BuilderFields
        kind={kind}
        form={form}
        setForm={setForm}
        sheet={known.sheet}
        lastLogRoll={() => (summary ? source.lastLogRoll(summary) : Promise.resolve(null))}
        setStatus={setStatus}
      />
      <Built built={built} builtText={builtText} add={() => setText(text.trim() ? `${text}\n\n${builtText}` : builtText)} />
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
      <ReplyActions text={text} setText={setText} problem={problem} setStatus={setStatus} />
      <div class="small" role="status">
        {status}
      </div>
      <h2 class="small">{t('rt.preview')}</h2>
      <p class="small muted">{t('rt.postsIn', { language: LOCALE_NAMES[postLocale] })}</p>
      <PostPreview text={text} writer={writer} />
    </section>
  );
}
