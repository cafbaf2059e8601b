/**
 * Parlor Magic in the panel: the commit–reveal deal (a ruler's secret word stays on this device
 * until both commitments are in the thread), each ruler's piles, the next draw; and the
 * calculator of costs, counts, ranks, combat and court abilities, with a post of the result.
 */
import { PARLOR } from '../../lib/games/parlor/game';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { sha256Hex } from '../../lib/crypto/sha256';
import { cardLabel, readParlorCard, SUIT_SYMBOL, type Suit } from '../../lib/games/parlor/cards';
import { parlorCounts, parlorRulings, type ParlorEntity } from '../../lib/games/parlor/ranks';
import { checkDealPosts, peekDraw, recordText, type DealRecord } from '../../lib/games/parlor/table';
import type { ParlorTable } from '../../lib/settings/tables';
import type { TablePost } from '../../lib/view';
import { PostPreview } from './PostPreview';
import { compareEntities, comparisonPost, entityLabel } from '../../lib/games/parlor/calculator';
import type { ForumWriter } from '../../lib/forums/writer';
import { PostButtons, type PostIO } from './PostButtons';
import { tl, type Key, type Locale } from '../../lib/i18n';
import { t, uiLocale } from '../locale';

const show = (codes: string[]) => codes.map((c) => cardLabel(readParlorCard(c)!)).join(', ');

const WORDS = [
  'amber',
  'falcon',
  'quiet',
  'river',
  'ember',
  'lantern',
  'willow',
  'cobalt',
  'thistle',
  'harbor',
  'saffron',
  'meadow',
  'granite',
  'velvet',
  'comet',
  'juniper',
];
/** A fresh secret word: four words picked with the browser's cryptographic random numbers. */
function freshWord(): string {
  const r = new Uint32Array(4);
  crypto.getRandomValues(r);
  return `${Array.from(r, (x) => WORDS[x % WORDS.length]).join('-')}-${(r[0]! % 900) + 100}`;
}

type Insert = PostIO;

export function ParlorDealTab({
  tableKey,
  thread,
  viewer,
  threadPosts,
  load,
  save,
  ...io
}: Insert & {
  tableKey: string;
  thread: string;
  viewer: string | null;
  threadPosts: TablePost[];
  load: (key: string) => Promise<ParlorTable | null>;
  save: (key: string, table: ParlorTable | null) => Promise<void>;
}) {
  const [word, setWord] = useState('');
  const [me, setMe] = useState(viewer ?? '');
  const [keep, setKeep] = useState('');
  const [recycle, setRecycle] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const loadedFor = useRef<string | null>(null);

  useEffect(() => {
    loadedFor.current = null;
    setWord('');
    void load(tableKey).then((t) => {
      setWord(t?.word || freshWord());
      loadedFor.current = tableKey;
    });
  }, [tableKey]);
  useEffect(() => setMe(viewer ?? ''), [viewer]);
  useEffect(() => {
    if (loadedFor.current !== tableKey || !word) return;
    void save(tableKey, { game: PARLOR.id, word, updatedAt: Date.now() }).catch((e: unknown) =>
      setStatus(t('pa.wordNotSaved', { reason: e instanceof Error ? e.message : String(e) })),
    );
  }, [word]);

  const { checks, state } = useMemo(
    () =>
      checkDealPosts(
        thread,
        threadPosts.map((p) => ({ number: p.post, author: p.author, text: p.text })),
        uiLocale(),
      ),
    [thread, threadPosts],
  );
  const mine = state.rulers.find((r) => r.name === me.trim());
  const both = state.rulers.length === 2;
  const piles = state.piles[me.trim()];
  const next = piles?.opened ? peekDraw(state, me.trim()) : null;
  const opening = piles && !piles.opened ? peekDraw(state, me.trim(), 7) : null;
  const record = (r: DealRecord) => recordText(r);

  let step: preact.JSX.Element;
  if (!mine) {
    step = (
      <div class="card" data-testid="parlor-commit">
        <p class="small">{t('pa.commitHint')}</p>
        <label class="field small">
          {t('pa.word')}
          <input class="mono" value={word} maxLength={200} onInput={(e) => setWord((e.target as HTMLInputElement).value.replace(/"/g, ''))} />
        </label>
        <p class="small mono" style="overflow-wrap:anywhere">
          SHA-256: {sha256Hex(word)}
        </p>
        {state.rulers.length >= 2 ? (
          <p class="small">{t('pa.hasRulers', { names: state.rulers.map((r) => r.name).join(t('pa.and')) })}</p>
        ) : (
          <PostButtons {...io} setStatus={setStatus} text={record({ commit: me, hash: sha256Hex(word) })} label={t('pa.insertCommit')} />
        )}
      </div>
    );
  } else if (mine.word === null) {
    const matches = sha256Hex(word) === mine.commitment;
    step = (
      <div class="card" data-testid="parlor-reveal">
        <p class="small">{t('pa.revealHint')}</p>
        {!matches && <p class="alert small">{t('pa.noMatch', { post: mine.commitPost })}</p>}
        <label class="field small">
          {t('pa.wordShort')}
          <input class="mono" value={word} maxLength={200} onInput={(e) => setWord((e.target as HTMLInputElement).value.replace(/"/g, ''))} />
        </label>
        {both ? (
          <PostButtons {...io} setStatus={setStatus} text={record({ reveal: me, word })} label={t('pa.insertWord')} />
        ) : (
          <p class="small">{t('pa.waitCommit')}</p>
        )}
      </div>
    );
  } else if (!state.seed) {
    step = <p class="card small">{t('pa.waitWord')}</p>;
  } else if (opening) {
    step = (
      <div class="card" data-testid="parlor-opening">
        <p>{t('pa.opening', { cards: show(opening) })}</p>
        <PostButtons {...io} setStatus={setStatus} text={record({ open: me, cards: opening })} label={t('pa.insertOpening')} />
      </div>
    );
  } else {
    const held = piles?.dealt ?? [];
    step = (
      <div class="card" data-testid="parlor-draw">
        {next ? (
          <>
            <p>{t('pa.nextDraw', { cards: show(next) })}</p>
            <div class="row">
              {next.map((c) => (
                <label key={c} class="small">
                  <input type="radio" name="keep" checked={keep === c} onChange={() => setKeep(c)} /> {t('pa.keep', { card: show([c]) })}
                </label>
              ))}
            </div>
            {next.includes(keep) && <PostButtons {...io} setStatus={setStatus} text={record({ draw: me, cards: next, keep })} label={t('pa.insertDraw')} />}
          </>
        ) : (
          <p>{t('pa.noCard')}</p>
        )}
        {held.length > 0 && (
          <details class="small">
            <summary>{t('pa.sendRecycle')}</summary>
            <div class="row">
              {held.map((c, i) => (
                <label key={`${c}-${i}`}>
                  <input
                    type="checkbox"
                    checked={recycle.includes(c)}
                    onChange={(e) => setRecycle((e.target as HTMLInputElement).checked ? [...recycle, c] : recycle.filter((x) => x !== c))}
                  />{' '}
                  {show([c])}
                </label>
              ))}
            </div>
            {recycle.length > 0 && <PostButtons {...io} setStatus={setStatus} text={record({ recycle: me, cards: recycle })} label={t('pa.insertRecycle')} />}
          </details>
        )}
      </div>
    );
  }

  return (
    <section aria-label={t('pa.section')} data-testid="parlor-deal">
      <h2 class="small">{t('pa.heading')}</h2>
      <label class="field small">
        {t('pa.youAre')}
        <input value={me} maxLength={60} onInput={(e) => setMe((e.target as HTMLInputElement).value)} />
      </label>
      {step}
      <div class="small" role="status">
        {status}
      </div>
      <h3 class="small">{t('pa.rulers')}</h3>
      <ul class="list small" data-testid="parlor-rulers">
        {state.rulers.map((r, i) => {
          const p = state.piles[r.name];
          return (
            <li key={r.name} class="card" data-ruler={r.name}>
              <b>
                {i + 1}. {r.name}
              </b>{' '}
              {t('pa.committed', { post: r.commitPost })}
              {r.word !== null ? t('pa.revealed', { post: r.wordPost ?? '?' }) : t('pa.notRevealed')}
              {p && (
                <div>
                  {t('pa.piles', {
                    draw: p.draw.length,
                    recycle: p.recycle.length,
                    reshuffles: p.reshuffles,
                    held: p.dealt.length ? show(p.dealt) : t('pa.none'),
                  })}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {state.seed && (
        <p class="small mono" style="overflow-wrap:anywhere" data-testid="parlor-seed">
          {t('pa.seed', { seed: state.seed })}
        </p>
      )}
      {state.unfair.map((u, i) => (
        <p key={i} class="alert small">
          {u}
        </p>
      ))}
      {checks.length > 0 && (
        <>
          <h3 class="small">{t('pa.dealPosts')}</h3>
          <ul class="list small" data-testid="parlor-checks">
            {checks.map((c) => (
              <li key={c.post} data-post={c.post} data-verdict={c.verdict}>
                #{c.post}: {c.reasons.join(' ')}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

// ---- the calculator ----

function entityOf(card: string, echs: string): { entity: ParlorEntity; error: string | null } {
  const list = echs.split(/[,\s]+/).filter(Boolean);
  const entity: ParlorEntity = { ...(card.trim() ? { card: card.trim() } : {}), echs: list };
  try {
    parlorCounts(entity);
    return { entity, error: null };
  } catch (e) {
    return { entity, error: e instanceof Error ? e.message.replace(/^parlor(Card)?: /, '') : String(e) };
  }
}

const labelOf = entityLabel;
const countsText = (e: ParlorEntity) => {
  const c = parlorCounts(e);
  const parts = (Object.entries(c) as [Suit, number][]).map(([s, v]) => `${SUIT_SYMBOL[s]}${v}`);
  return parts.length ? parts.join(' ') : t('pa.noCount');
};

function costText(card: string | undefined): string {
  if (!card) return t('pa.costDD');
  const c = readParlorCard(card)!;
  const kind =
    c.type === 'creature' ? t('pa.creature', { power: c.power ?? '?', toughness: c.toughness ?? '?' }) : c.type === 'land' ? t('pa.land') : t('pa.ech');
  const cost = c.type === 'land' ? t('pa.costsNothing') : t('pa.costSuit', { n: c.cost.suit, suit: suitName(c.suit), generic: c.cost.generic });
  return t('pa.costs', { card: cardLabel(c), kind, cost });
}

const suitName = (s: Suit, l?: Locale) => (l ? tl(l, `suit.${s}` as Key) : t(`suit.${s}` as Key));

export function ParlorCalcTab({ postLocale = 'en', writer, ...io }: Insert & { postLocale?: Locale; writer: ForumWriter }) {
  const [a, setA] = useState({ card: 'KH', echs: '5D' });
  const [b, setB] = useState({ card: 'QD', echs: '2H' });
  const [trump, setTrump] = useState<'' | Suit>('');
  const [petals, setPetals] = useState('0');
  const [status, setStatus] = useState('');
  const A = entityOf(a.card, a.echs);
  const B = entityOf(b.card, b.echs);
  const error = A.error ?? B.error;
  const tr = trump || null;
  const result = useMemo(() => (error ? null : compareEntities(A.entity, B.entity, tr, Number(petals) || 0, uiLocale())), [a, b, trump, petals, error]);

  const side = (label: string, v: { card: string; echs: string }, set: (x: { card: string; echs: string }) => void) => (
    <fieldset class="card">
      <legend>{label}</legend>
      <div class="row">
        <label class="field small">
          {t('pa.cardField')}
          <input
            value={v.card}
            maxLength={20}
            placeholder="K♥ or KH"
            onInput={(e) => set({ ...v, card: (e.target as HTMLInputElement).value })}
            style="width:110px"
          />
        </label>
        <label class="field small">
          {t('pa.echs')}
          <input
            value={v.echs}
            maxLength={60}
            placeholder="5D, 2H"
            onInput={(e) => set({ ...v, echs: (e.target as HTMLInputElement).value })}
            style="width:140px"
          />
        </label>
      </div>
    </fieldset>
  );

  const doc = result ? comparisonPost(A.entity, B.entity, tr, Number(petals) || 0, postLocale) : null;
  const post = doc ? writer.write(doc) : '';

  return (
    <section aria-label={t('pa.calc')} data-testid="parlor-calc">
      <h2 class="small">{t('pa.calcHeading')}</h2>
      {side(t('pa.first'), a, setA)}
      {side(t('pa.second'), b, setB)}
      <div class="row">
        <label class="field small">
          {t('pa.trump')}
          <select value={trump} onChange={(e) => setTrump((e.target as HTMLSelectElement).value as '' | Suit)}>
            <option value="">{t('pa.noTrumps')}</option>
            {(['H', 'D', 'S', 'C'] as const).map((s) => (
              <option key={s} value={s}>
                {SUIT_SYMBOL[s]} {suitName(s)}
              </option>
            ))}
          </select>
        </label>
        <label class="field small">
          {t('pa.petals')}
          <input type="number" min={0} max={20} value={petals} onInput={(e) => setPetals((e.target as HTMLInputElement).value)} style="width:70px" />
        </label>
      </div>
      {error && (
        <p class="alert small" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div class="card" data-testid="parlor-result">
          <p class="small">
            {t('pa.counts', { cost: costText(A.entity.card), counts: countsText(A.entity) })}
            <br />
            {t('pa.counts', { cost: costText(B.entity.card), counts: countsText(B.entity) })}
          </p>
          <p data-outranks={String(result.ab.outranks)} data-trumps={String(result.ab.trumps)}>
            {result.ab.reason}
          </p>
          <p>{result.ba.reason}</p>
          {(result.ab.bonus.power > 0 || result.ba.bonus.power > 0) && (
            <p data-testid="parlor-bonus">
              {result.ab.bonus.power
                ? t('pa.combat', { name: labelOf(A.entity, uiLocale()), power: result.ab.bonus.power })
                : t('pa.combat', { name: labelOf(B.entity, uiLocale()), power: result.ba.bonus.power })}
            </p>
          )}
          <ul class="small">
            {[...result.aAbilities, ...result.bAbilities].map((x, i) => (
              <li key={i}>{t('pa.abilityUi', { ability: x.ability, result: t(x.works ? 'pa.works' : 'pa.fails'), reason: x.reason })}</li>
            ))}
          </ul>
          <PostButtons {...io} setStatus={setStatus} text={post} />
          <div class="small" role="status">
            {status}
          </div>
          {doc && <PostPreview doc={doc} />}
        </div>
      )}
      <details class="small">
        <summary>{t('pa.rulings')}</summary>
        <ul>
          {parlorRulings(uiLocale()).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}
