import { useEffect, useRef, useState } from 'preact/hooks';
import { buildDeclaration, damageAfterToughness, rollSummary, sheetPost, type BuildInput, type Declaration } from '../../lib/games/spark-d10/replies';
import { COLOURS, SOURCE_ATTRIBUTES, startValue, type Attribute, type Colour } from '../../lib/spark/attributes';
import type { CharacterSheet } from '../../lib/spark/sheet';
import type { DuelistView } from '../../lib/games/spark-d10/view';
import { parseRollLine, recordFromLine } from '../../lib/forums/rpol/roll-line';
import { findFacesLines } from '../../lib/rolls/faces-line';
import type { RollRecord } from '../../lib/rolls/record';
import { RARITIES, type Rarity } from '../../lib/spark/draw';
import { parseSheetText } from '../../lib/spark/sheet';
import { builderFields, DRAFT_LIMIT, type Draft } from '../../lib/settings/schema';
import { PostPreview } from './PostPreview';
import type { ForumWriter } from '../../lib/forums/writer';
import type { PostDoc } from '../../lib/post/doc';
import { LOCALE_NAMES, type Key, type Locale } from '../../lib/i18n';
import { attributeName, colourName, formatNumber, rarityName, formatPercent, t, uiLocale } from '../locale';

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

const inPlay = (sheet: CharacterSheet | null, a: Attribute): number | null => {
  if (!sheet) return null;
  const v = sheet.attributes[a];
  return v ? v.value + v.bonus : startValue(a);
};
const rollMod = (sheet: CharacterSheet | null, key: string) =>
  sheet ? Object.values(sheet.attributes).reduce((n, v) => n + (v?.modifiers?.[key] ?? 0), 0) : 0;

/** The defaults of each builder: from the bound sheet and the duel, so no number the sheet holds is typed. */
export function defaultsFor(kind: Kind, k: Known): Form {
  const s = k.sheet;
  const v = (a: Attribute) => String(inPlay(s, a) ?? '');
  switch (kind) {
    case 'draw':
      return { rarity: 'Common', memory: v('Memory'), modifier: String(rollMod(s, 'draw')) };
    case 'channel': {
      const colour = (s?.affinity.colours[0] ?? COLOURS.find((c) => (inPlay(s, c) ?? 0) > 0) ?? 'Red') as Colour;
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
        toughness: String(k.me?.toughness ?? inPlay(s, 'Toughness') ?? ''),
        damage: '',
        modifier: String(rollMod(s, 'resistance')),
        life: k.me?.life !== null && k.me?.life !== undefined ? String(k.me.life) : '',
      };
    case 'ad-hoc':
      return { source: 'Memory', spark: s?.affinity.colours[0] ?? 'Red', difficulty: '2', modifier: '0' };
    case 'recovery':
      return { toughness: String(k.me?.toughness ?? inPlay(s, 'Toughness') ?? ''), difficulty: '1', modifier: String(rollMod(s, 'recovery')) };
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
        const attribute = num(f.attribute, inPlay(k.sheet, colour) ?? NaN);
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
        const sv = inPlay(k.sheet, source as Attribute);
        const pv = inPlay(k.sheet, spark as Attribute);
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

export function ReplyTab({
  draftKey,
  loadDraft,
  saveDraft,
  boundSheet,
  incoming,
  onIncomingTaken,
  lastLogRoll,
  onInsert,
  onCopy,
  canInsert,
  known = { sheet: null, me: null, opponent: null },
  onDraftChanged,
  postLocale = 'en',
  writer,
}: {
  draftKey: string | null;
  loadDraft: (k: string) => Promise<Draft | null>;
  saveDraft: (k: string, d: Draft) => Promise<void>;
  boundSheet: string | null;
  incoming: string | null;
  onIncomingTaken: () => void;
  lastLogRoll: () => Promise<string | null>;
  onInsert: (text: string) => Promise<{ ok: true } | { ok: false; error: string }>;
  onCopy: (text: string) => Promise<boolean>;
  canInsert: boolean;
  known?: Known;
  /** Changes to this thread's draft made in another tab or window. */
  onDraftChanged?: (key: string, cb: (d: Draft) => void) => () => void;
  /** The thread's language: what the builders write for the post. */
  postLocale?: Locale;
  /** The thread's forum's writer: the builders' posts in its markup, and its preview. */
  writer: ForumWriter;
}) {
  const [kind, setKind] = useState<Kind>('draw');
  /** Each builder keeps its own fields ("draw.memory", "toughness.modifier"): nothing leaks between kinds. */
  const [all, setAll] = useState<Form>({});
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const loaded = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The status says a save failed: the next good save clears it. */
  const saveFailed = useRef(false);

  const append = (block: string) => setText((t) => (t.trim() ? `${t}\n\n${block}` : block));
  const pending = useRef<string | null>(null);

  const [ready, setReady] = useState(false);
  /** What this panel last saved (or loaded): a change in storage that differs came from elsewhere. */
  const lastSaved = useRef<{ text: string; at: number } | null>(null);
  const [elsewhere, setElsewhere] = useState<Draft | null>(null);

  /** The thread the box was last loaded for, and the builder's fields as they are now (typed before a load finished). */
  const lastKey = useRef<string | null>(null);
  const allNow = useRef(all);
  allNow.current = all;

  useEffect(() => {
    // The box belongs to its thread: switching threads clears it first, then loads that thread's draft.
    // Fields typed while the panel was still finding its thread are this thread's: they are kept.
    const firstThread = lastKey.current === null;
    lastKey.current = draftKey;
    loaded.current = false;
    setReady(false);
    setText('');
    if (!firstThread) setAll({});
    setElsewhere(null);
    setStatus('');
    lastSaved.current = null;
    if (!draftKey) return;
    let live = true;
    void loadDraft(draftKey)
      .then((d) => {
        if (!live) return;
        if (d) {
          setText(d.text);
          const { kind: k, ...rest } = d.form as Record<string, string>;
          const typed = firstThread ? allNow.current : {};
          const typedAny = Object.keys(typed).length > 0;
          if (k && !typedAny && KINDS.some((x) => x === k)) setKind(k as Kind);
          setAll({ ...rest, ...typed });
          lastSaved.current = { text: d.text, at: d.updatedAt };
        }
      })
      .catch((e: unknown) => live && setStatus(e instanceof Error ? e.message : String(e)))
      .finally(() => {
        if (!live) return;
        loaded.current = true;
        setReady(true);
        if (pending.current) {
          append(pending.current);
          pending.current = null;
        }
      });
    const stop = onDraftChanged?.(draftKey, (d) => {
      const mine = lastSaved.current;
      if (mine && d.updatedAt <= mine.at) return;
      if (mine && d.text === mine.text) return;
      setElsewhere(d);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [draftKey]);

  // A block sent from the planner: added once, after the saved draft is back.
  useEffect(() => {
    if (!incoming) return;
    if (loaded.current) append(incoming);
    else pending.current = incoming;
    onIncomingTaken();
  }, [incoming]);

  useEffect(() => {
    if (!draftKey || !loaded.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const at = Date.now();
      void saveDraft(draftKey, { text, form: { ...all, kind }, updatedAt: at })
        .then(() => {
          lastSaved.current = { text, at };
          if (saveFailed.current) setStatus('');
          saveFailed.current = false;
        })
        .catch((e: unknown) => {
          saveFailed.current = true;
          setStatus(t('rt.notSaved', { reason: e instanceof Error ? e.message : String(e) }));
        });
    }, 250);
  }, [text, all, kind, draftKey]);

  const defaults = defaultsFor(kind, known);
  const form: Form = { ...defaults, ...builderFields(all, kind) };
  const setForm = (next: Form) => setAll({ ...all, ...Object.fromEntries(Object.entries(next).map(([key, value]) => [`${kind}.${key}`, value])) });
  const built = build(kind, form, boundSheet, known, postLocale);
  const set = (k: string) => (e: Event) => setForm({ [k]: (e.target as HTMLInputElement).value });
  const builtText = 'doc' in built ? writer.write(built.doc) : '';
  const problem = writer.maxLength !== null && text.length > writer.maxLength ? t('reply.tooLong', { length: text.length, max: writer.maxLength }) : null;
  const field = (k: string, label: string, props: Record<string, unknown> = {}) => (
    <label class="field small">
      {label}
      <input value={form[k] ?? ''} onInput={set(k)} {...props} data-field={k} />
    </label>
  );
  /** A choice among game terms: the value stays the term the builders read, the option shows it in the UI's language. */
  const choice = (k: string, label: string, values: readonly string[], name: (v: string) => string) => (
    <label class="field small">
      {label}
      <select value={form[k]} onChange={set(k)}>
        {values.map((v) => (
          <option key={v} value={v}>
            {name(v)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <section aria-label={t('rt.section')}>
      <label class="field small">
        {t('rt.build')}
        <select aria-label={t('rt.what')} value={kind} onChange={(e) => setKind((e.target as HTMLSelectElement).value as Kind)}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`rt.kind.${k}` as Key)}
            </option>
          ))}
        </select>
      </label>
      {known.sheet && <div class="small muted">{t(known.me ? 'rt.fromSheetDuel' : 'rt.fromSheet', { name: known.sheet.name ?? t('rt.yourSheet') })}</div>}
      {kind === 'draw' && (
        <div class="row">
          {field('card', t('rt.card'), { placeholder: 'Disenchant' })}
          {choice('rarity', t('rt.rarity'), RARITIES, (r) => rarityName(r))}
          {field('memory', t('rt.memory'), { type: 'number', min: 1, max: 100, style: 'width:70px' })}
          {field('modifier', t('rt.modifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
        </div>
      )}
      {kind === 'channel' && (
        <div class="row">
          {choice('colour', t('rt.colour'), COLOURS, (c) => colourName(c))}
          {field('attribute', t('rt.diceColour'), {
            type: 'number',
            min: 0,
            max: 100,
            style: 'width:70px',
            value: form.attribute ?? String(inPlay(known.sheet, (form.colour as Colour) || 'Red') ?? ''),
          })}
          {field('trades', t('rt.trades'), { type: 'number', min: 0, max: 33, style: 'width:70px' })}
          {field('carried', t('rt.carried'), { type: 'number', min: 0, max: 5, style: 'width:70px' })}
          {field('modifier', t('rt.otherModifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
          {field('lands', t('rt.lands'), { type: 'number', min: 0, style: 'width:70px' })}
        </div>
      )}
      {kind === 'speed' && (
        <div class="row">
          {field('focus', t('rt.focus'), { type: 'number', min: 0, max: 100, style: 'width:70px' })}
          {field('modifier', t('rt.modifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
          {field('opponent', t('rt.oppSuccesses'), { type: 'number', min: 0, style: 'width:90px', placeholder: t('rt.unknown') })}
        </div>
      )}
      {kind === 'damage' && (
        <div class="row">
          {field('power', t('rt.power'), { type: 'number', min: 0, max: 100, style: 'width:70px' })}
          {field('modifier', t('rt.modifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
          {field('toughness', t('rt.targetToughness'), { type: 'number', min: 0, style: 'width:90px', placeholder: t('rt.unknown') })}
          {field('targetModifier', t('rt.itsModifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
        </div>
      )}
      {kind === 'toughness' && (
        <div class="row">
          {field('toughness', t('rt.currentToughness'), { type: 'number', min: 0, style: 'width:90px' })}
          {field('damage', t('rt.damage'), { type: 'number', min: 0, style: 'width:70px' })}
          {field('modifier', t('rt.modifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
          {field('life', t('rt.lifeNow'), { type: 'number', style: 'width:70px' })}
        </div>
      )}
      {kind === 'ad-hoc' && (
        <div class="row">
          {choice('source', t('rt.source'), SOURCE_ATTRIBUTES, (a) => attributeName(a))}
          {choice('spark', t('rt.spark'), COLOURS, (c) => colourName(c))}
          {field('difficulty', t('rt.gmDifficulty'), { type: 'number', min: 0, style: 'width:90px' })}
          {field('modifier', t('rt.modifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
        </div>
      )}
      {kind === 'recovery' && (
        <div class="row">
          {field('toughness', t('rt.toughness'), { type: 'number', min: 0, style: 'width:70px' })}
          {field('difficulty', t('rt.difficulty'), { type: 'number', min: 0, style: 'width:70px' })}
          {field('modifier', t('rt.modifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
        </div>
      )}
      {(kind === 'summary' || kind === 'after-toughness') && (
        <div>
          <label class="field small">
            {t('rt.logLine')}
            <textarea
              class="mono"
              rows={3}
              value={form.logLine ?? ''}
              onInput={set('logLine')}
              placeholder="17:54, Mon 05 Oct: Tavi Quell rolled … – [roll=…]"
            />
          </label>
          <button
            type="button"
            class="btn small"
            onClick={() =>
              void lastLogRoll().then((l) => {
                if (l) setForm({ logLine: l });
                else setStatus(t('rt.noPicked'));
              })
            }
          >
            {t('rt.usePicked')}
          </button>
        </div>
      )}
      {kind === 'after-toughness' && (
        <div class="row">
          {field('damage', t('rt.damage'), { type: 'number', min: 0, style: 'width:70px' })}
          {field('faces', t('rt.orFaces'), { placeholder: '1 7 6 1' })}
          {field('modifier', t('rt.modifier'), { type: 'number', min: -5, max: 5, style: 'width:70px' })}
          {field('life', t('rt.lifeNow'), { type: 'number', style: 'width:70px' })}
        </div>
      )}
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
            <button type="button" class="btn small primary" onClick={() => setText(text.trim() ? `${text}\n\n${builtText}` : builtText)}>
              {t('rt.add')}
            </button>
          </>
        )}
      </div>
      {elsewhere && (
        <div class="alert small" role="alert" data-testid="draft-elsewhere">
          {t('rt.elsewhere', { count: elsewhere.text.length })}
          <div class="row">
            <button
              type="button"
              class="btn small"
              onClick={() => {
                setText(elsewhere.text);
                lastSaved.current = { text: elsewhere.text, at: elsewhere.updatedAt };
                setElsewhere(null);
              }}
            >
              {t('rt.useThat')}
            </button>
            <button
              type="button"
              class="btn small"
              onClick={() => {
                setText(`${text}\n\n${elsewhere.text}`);
                setElsewhere(null);
              }}
            >
              {t('rt.keepBoth')}
            </button>
            <button
              type="button"
              class="btn small"
              onClick={() => {
                const at = Date.now();
                setElsewhere(null);
                if (draftKey)
                  void saveDraft(draftKey, { text, form: { ...all, kind }, updatedAt: at })
                    .then(() => (lastSaved.current = { text, at }))
                    .catch((e: unknown) => setStatus(t('rt.notSaved', { reason: e instanceof Error ? e.message : String(e) })));
              }}
            >
              {t('rt.keepMine')}
            </button>
          </div>
        </div>
      )}
      <label class="field">
        {t('rt.reply')}
        <textarea class="mono" rows={8} value={text} disabled={!ready} onInput={(e) => setText((e.target as HTMLTextAreaElement).value)} data-testid="draft" />
      </label>
      {text.length > DRAFT_LIMIT && <div class="error small">{t('rt.tooLong', { length: formatNumber(text.length), max: formatNumber(DRAFT_LIMIT) })}</div>}
      {problem && <div class="error small">{problem}</div>}
      <div class="row">
        <button
          type="button"
          class="btn primary"
          disabled={!text.trim() || !canInsert || !!problem}
          title={canInsert ? t('rt.insertTitle') : t('rt.noBox')}
          onClick={() => void onInsert(text).then((r) => setStatus(r.ok ? t('rt.inserted') : r.error))}
        >
          {t('post.insert')}
        </button>
        <button
          type="button"
          class="btn"
          disabled={!text.trim()}
          onClick={() => void onCopy(text).then((ok) => setStatus(ok ? t('post.copied') : t('post.copyFailed')))}
        >
          {t('post.copy')}
        </button>
        <button type="button" class="btn" disabled={!text} onClick={() => setText('')}>
          {t('rt.clear')}
        </button>
      </div>
      <div class="small" role="status">
        {status}
      </div>
      <h2 class="small">{t('rt.preview')}</h2>
      <p class="small muted">{t('rt.postsIn', { language: LOCALE_NAMES[postLocale] })}</p>
      <PostPreview text={text} writer={writer} />
    </section>
  );
}
