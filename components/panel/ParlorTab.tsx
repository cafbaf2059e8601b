/**
 * Parlor Magic in the panel: the commit–reveal deal (a ruler's secret word stays on this device
 * until both commitments are in the thread), each ruler's piles, the next draw; and the
 * calculator of costs, counts, ranks, combat and court abilities, with a post of the result.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { sha256Hex } from '../../lib/crypto/sha256';
import { cardLabel, readParlorCard, SUIT_NAME, SUIT_SYMBOL, type Suit } from '../../lib/games/parlor/cards';
import { courtAbilities, parlorAbility, parlorCompare, parlorCounts, PARLOR_RULINGS, type ParlorEntity } from '../../lib/games/parlor/ranks';
import { checkDealPosts, peekDraw, recordText, type DealRecord } from '../../lib/games/parlor/table';
import type { ParlorTable } from '../../lib/settings/tables';
import type { TablePost } from '../../lib/view';
import { RubbPreview } from './RubbPreview';
import { PostButtons, type PostIO } from './PostButtons';

const show = (codes: string[]) => codes.map((c) => cardLabel(readParlorCard(c)!)).join(', ');

const WORDS = ['amber', 'falcon', 'quiet', 'river', 'ember', 'lantern', 'willow', 'cobalt', 'thistle', 'harbor', 'saffron', 'meadow', 'granite', 'velvet', 'comet', 'juniper'];
/** A fresh secret word: four words picked with the browser's cryptographic random numbers. */
function freshWord(): string {
  const r = new Uint32Array(4);
  crypto.getRandomValues(r);
  return Array.from(r, (x) => WORDS[x % WORDS.length]).join('-') + `-${(r[0]! % 900) + 100}`;
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
    void save(tableKey, { game: 'parlor', word, updatedAt: Date.now() }).catch((e: unknown) => setStatus(`Your word was not saved: ${e instanceof Error ? e.message : String(e)}. Write it down before you post its commitment.`));
  }, [word]);

  const { checks, state } = useMemo(() => checkDealPosts(thread, threadPosts.map((p) => ({ number: p.post, author: p.author, text: p.text }))), [thread, threadPosts]);
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
        <p class="small">1. Commit to a secret word: only its SHA-256 is posted now; the word stays here until both rulers have committed.</p>
        <label class="field small">
          Your secret word (kept on this device)
          <input class="mono" value={word} maxLength={200} onInput={(e) => setWord((e.target as HTMLInputElement).value.replace(/"/g, ''))} />
        </label>
        <p class="small mono" style="overflow-wrap:anywhere">SHA-256: {sha256Hex(word)}</p>
        {state.rulers.length >= 2 ? (
          <p class="small">This deal has its two rulers already: {state.rulers.map((r) => r.name).join(' and ')}.</p>
        ) : (
          <PostButtons {...io} setStatus={setStatus} text={record({ commit: me, hash: sha256Hex(word) })} label="Insert my commitment" />
        )}
      </div>
    );
  } else if (mine.word === null) {
    const matches = sha256Hex(word) === mine.commitment;
    step = (
      <div class="card" data-testid="parlor-reveal">
        <p class="small">2. Reveal your word once both commitments are in the thread.</p>
        {!matches && <p class="alert small">The word kept here does not match your commitment in post #{mine.commitPost}: type the word you committed to.</p>}
        <label class="field small">
          Your secret word
          <input class="mono" value={word} maxLength={200} onInput={(e) => setWord((e.target as HTMLInputElement).value.replace(/"/g, ''))} />
        </label>
        {both ? (
          <PostButtons {...io} setStatus={setStatus} text={record({ reveal: me, word })} label="Insert my word" />
        ) : (
          <p class="small">Waiting for the other ruler’s commitment: revealing now would let them choose a word knowing yours.</p>
        )}
      </div>
    );
  } else if (!state.seed) {
    step = <p class="card small">Your word is in. Waiting for the other ruler’s word: then the deal is fixed.</p>;
  } else if (opening) {
    step = (
      <div class="card" data-testid="parlor-opening">
        <p>Your opening seven: {show(opening)}</p>
        <PostButtons {...io} setStatus={setStatus} text={record({ open: me, cards: opening })} label="Insert my opening seven" />
      </div>
    );
  } else {
    const held = piles?.dealt ?? [];
    step = (
      <div class="card" data-testid="parlor-draw">
        {next ? (
          <>
            <p>Your next draw: {show(next)}. Keep one; the other goes to your Recycle pile.</p>
            <div class="row">
              {next.map((c) => (
                <label key={c} class="small">
                  <input type="radio" name="keep" checked={keep === c} onChange={() => setKeep(c)} /> keep {show([c])}
                </label>
              ))}
            </div>
            {next.includes(keep) && <PostButtons {...io} setStatus={setStatus} text={record({ draw: me, cards: next, keep })} label="Insert my draw" />}
          </>
        ) : (
          <p>No card left to draw: your draw and Recycle piles are empty.</p>
        )}
        {held.length > 0 && (
          <details class="small">
            <summary>Send cards to your Recycle pile (end of turn, a counterspell)</summary>
            <div class="row">
              {held.map((c, i) => (
                <label key={`${c}-${i}`}>
                  <input type="checkbox" checked={recycle.includes(c)} onChange={(e) => setRecycle((e.target as HTMLInputElement).checked ? [...recycle, c] : recycle.filter((x) => x !== c))} /> {show([c])}
                </label>
              ))}
            </div>
            {recycle.length > 0 && <PostButtons {...io} setStatus={setStatus} text={record({ recycle: me, cards: recycle })} label="Insert to Recycle" />}
          </details>
        )}
      </div>
    );
  }

  return (
    <section aria-label="Parlor Magic deal" data-testid="parlor-deal">
      <h2 class="small">The deal: neither ruler can rig it</h2>
      <label class="field small">
        You are (your name as it shows on your posts)
        <input value={me} maxLength={60} onInput={(e) => setMe((e.target as HTMLInputElement).value)} />
      </label>
      {step}
      <div class="small" role="status">
        {status}
      </div>
      <h3 class="small">Rulers</h3>
      <ul class="list small" data-testid="parlor-rulers">
        {state.rulers.map((r, i) => {
          const p = state.piles[r.name];
          return (
            <li key={r.name} class="card" data-ruler={r.name}>
              <b>
                {i + 1}. {r.name}
              </b>{' '}
              committed in #{r.commitPost}
              {r.word !== null ? `, word revealed in #${r.wordPost}` : ', word not revealed'}
              {p && (
                <div>
                  Draw pile {p.draw.length} · Recycle {p.recycle.length} · reshuffles {p.reshuffles} · held {p.dealt.length ? show(p.dealt) : 'none'}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {state.seed && (
        <p class="small mono" style="overflow-wrap:anywhere" data-testid="parlor-seed">
          Seed: {state.seed}
        </p>
      )}
      {state.unfair.map((u, i) => (
        <p key={i} class="alert small">
          {u}
        </p>
      ))}
      {checks.length > 0 && (
        <>
          <h3 class="small">Deal posts in this thread</h3>
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

const labelOf = (e: ParlorEntity) => [e.card ? cardLabel(readParlorCard(e.card)!) : 'Domain Defense', ...(e.echs ?? []).map((x) => cardLabel(readParlorCard(x)!))].join('+');
const countsText = (e: ParlorEntity) => {
  const c = parlorCounts(e);
  const parts = (Object.entries(c) as [Suit, number][]).map(([s, v]) => `${SUIT_SYMBOL[s]}${v}`);
  return parts.length ? parts.join(' ') : 'no count';
};

function costText(card: string | undefined): string {
  if (!card) return 'a Domain Defense (no card)';
  const c = readParlorCard(card)!;
  const kind = c.type === 'creature' ? `creature ${c.power}/${c.toughness}` : c.type === 'land' ? 'land' : 'Ech';
  return `${cardLabel(c)}: ${kind}, costs ${c.type === 'land' ? 'nothing (one land a turn)' : `${c.cost.suit} ${SUIT_NAME[c.suit]} + ${c.cost.generic} generic`}`;
}

export function ParlorCalcTab(io: Insert) {
  const [a, setA] = useState({ card: 'KH', echs: '5D' });
  const [b, setB] = useState({ card: 'QD', echs: '2H' });
  const [trump, setTrump] = useState<'' | Suit>('');
  const [petals, setPetals] = useState('0');
  const [status, setStatus] = useState('');
  const A = entityOf(a.card, a.echs);
  const B = entityOf(b.card, b.echs);
  const error = A.error ?? B.error;
  const t = trump || null;
  const result = useMemo(() => {
    if (error) return null;
    const ab = parlorCompare(A.entity, B.entity, t);
    const ba = parlorCompare(B.entity, A.entity, t);
    // Carry targets a land; the other court abilities a creature; a Domain Defense is no target.
    const abilities = (x: ParlorEntity, y: ParlorEntity) => {
      const target = y.card ? readParlorCard(y.card)!.type : null;
      if (!x.card || !target || target === 'enchantment') return [];
      return courtAbilities(x.card)
        .filter((ab) => (ab === 'Carry') === (target === 'land'))
        .map((ab) => ({ ability: ab, ...parlorAbility(x, y, ab, t, Number(petals) || 0) }));
    };
    return { ab, ba, aAbilities: abilities(A.entity, B.entity), bAbilities: abilities(B.entity, A.entity) };
  }, [a, b, trump, petals, error]);

  const side = (label: string, v: { card: string; echs: string }, set: (x: { card: string; echs: string }) => void) => (
    <fieldset class="card">
      <legend>{label}</legend>
      <div class="row">
        <label class="field small">
          Card (empty: a Domain Defense)
          <input value={v.card} maxLength={20} placeholder="K♥ or KH" onInput={(e) => set({ ...v, card: (e.target as HTMLInputElement).value })} style="width:110px" />
        </label>
        <label class="field small">
          Echs on it
          <input value={v.echs} maxLength={60} placeholder="5D, 2H" onInput={(e) => set({ ...v, echs: (e.target as HTMLInputElement).value })} style="width:140px" />
        </label>
      </div>
    </fieldset>
  );

  let post = '';
  if (result) {
    const lines = [
      `<b>Parlor Magic:</b> ${labelOf(A.entity)} against ${labelOf(B.entity)}${t ? ` (trump ${SUIT_SYMBOL[t]})` : ' (no trump)'}`,
      result.ab.reason,
      result.ba.reason,
    ];
    if (result.ab.bonus.power) lines.push(`${labelOf(A.entity)} in combat: Power +${result.ab.bonus.power}, Toughness +${result.ab.bonus.toughness}.`);
    if (result.ba.bonus.power) lines.push(`${labelOf(B.entity)} in combat: Power +${result.ba.bonus.power}, Toughness +${result.ba.bonus.toughness}.`);
    for (const x of [...result.aAbilities, ...result.bAbilities]) lines.push(`${x.ability}: ${x.works ? 'works' : 'fails'}. ${x.reason}`);
    post = lines.join('\n');
  }

  return (
    <section aria-label="Parlor Magic calculator" data-testid="parlor-calc">
      <h2 class="small">Costs, counts, ranks and combat</h2>
      {side('First entity', a, setA)}
      {side('Second entity', b, setB)}
      <div class="row">
        <label class="field small">
          Trump (top of the Trumps stack)
          <select value={trump} onChange={(e) => setTrump((e.target as HTMLSelectElement).value as '' | Suit)}>
            <option value="">no Trumps stack</option>
            {(['H', 'D', 'S', 'C'] as const).map((s) => (
              <option key={s} value={s}>
                {SUIT_SYMBOL[s]} {SUIT_NAME[s]}
              </option>
            ))}
          </select>
        </label>
        <label class="field small">
          Petals on the corsage (Carry)
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
            {costText(A.entity.card)}; counts {countsText(A.entity)}.<br />
            {costText(B.entity.card)}; counts {countsText(B.entity)}.
          </p>
          <p data-outranks={String(result.ab.outranks)} data-trumps={String(result.ab.trumps)}>
            {result.ab.reason}
          </p>
          <p>{result.ba.reason}</p>
          {(result.ab.bonus.power > 0 || result.ba.bonus.power > 0) && (
            <p data-testid="parlor-bonus">
              Combat: {result.ab.bonus.power ? `${labelOf(A.entity)} Power +${result.ab.bonus.power}, Toughness +1` : `${labelOf(B.entity)} Power +${result.ba.bonus.power}, Toughness +1`}
            </p>
          )}
          <ul class="small">
            {[...result.aAbilities, ...result.bAbilities].map((x, i) => (
              <li key={i}>
                {x.ability}: {x.works ? 'works' : 'fails'} — {x.reason}
              </li>
            ))}
          </ul>
          <PostButtons {...io} setStatus={setStatus} text={post} label="Insert into reply" />
          <div class="small" role="status">
            {status}
          </div>
          <RubbPreview text={post} />
        </div>
      )}
      <details class="small">
        <summary>Rulings</summary>
        <ul>
          {PARLOR_RULINGS.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}
