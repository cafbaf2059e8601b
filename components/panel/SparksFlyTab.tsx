/**
 * The When Sparks Fly tracker: the DMO enters bids, auction actions and plays (each side's play
 * hidden until both are in); the board, undo, the state post in RPOL markup; refusals quote the
 * rule; the match continues from the thread's last state post.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { boardRows, statePost, summaryLine, type Slot } from '../../lib/games/sparks-fly/board';
import { applySparksFly, replaySparksFly, type MatchState, type Player, type SparksFlyEvent } from '../../lib/games/sparks-fly/engine';
import type { LogWithNames } from '../../lib/games/sparks-fly/log-text';
import { checkStatePosts } from '../../lib/games/sparks-fly/thread';
import { SPARKS_FLY_RULES } from '../../lib/games/sparks-fly/rulings';
import { isRefusal } from '../../lib/games/game';
import type { SparksFlyTable } from '../../lib/settings/tables';
import type { TablePost } from '../../lib/view';
import { RubbPreview } from './RubbPreview';
import { PostButtons } from './PostButtons';

const label = (c: MatchState['cards']['A'][number]) => (c.n !== c.type.printed ? `${c.type.name} [${c.n}]` : c.type.name);
const handOf = (m: MatchState, p: Player) => [...new Set(m.cards[p].filter((c) => c.zone === 'hand').map(label))];
const other = (p: Player): Player => (p === 'A' ? 'B' : 'A');

function Slots({ slots }: { slots: Slot[] }) {
  const word = { hand: 'in hand', discard: 'in discard', none: 'no card' } as const;
  return (
    <span>
      {slots.map((s, i) => (
        <span key={i} class={`slot ${s.zone}`} title={word[s.zone]} aria-label={`${word[s.zone]}${s.number !== null ? `, number ${s.number}` : ''}`}>
          {s.number !== null ? s.number : ''}
        </span>
      ))}
    </span>
  );
}

export function Board({ match, names }: { match: MatchState; names?: Partial<Record<Player, string>> }) {
  const who = (p: Player) => (names?.[p] ? `${p} · ${names[p]}` : p);
  return (
    <div data-testid="sf-board">
      <div class="row" style="justify-content:space-around">
        {(['A', 'B'] as const).map((p) => (
          <div key={p} data-player={p} data-sparks={match.sparks[p]} style="text-align:center">
            <div class="small muted">{who(p)}</div>
            <div class="sparks">{match.sparks[p]} ✦</div>
          </div>
        ))}
      </div>
      <table class="board">
        <thead>
          <tr>
            <th scope="col">Card</th>
            <th scope="col">{who('A')}</th>
            <th scope="col">{who('B')}</th>
          </tr>
        </thead>
        <tbody>
          {boardRows(match).map((r) => (
            <tr key={r.card}>
              <th scope="row" style="font-weight:normal">
                {r.card}
              </th>
              <td>
                <Slots slots={r.slots.A} />
              </td>
              <td>
                <Slots slots={r.slots.B} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {match.step === 'auction' && match.auction === 'add' && match.offer && (
        <p class="small" data-testid="sf-offer">
          <b>Offered:</b> {match.offer.join(' · ')}
        </p>
      )}
      <p class="small muted">
        <span class="slot hand" /> in hand · <span class="slot discard" /> in discard · <span class="slot none" /> no card
      </p>
    </div>
  );
}

function PlayForm({ match, player, onPlay }: { match: MatchState; player: Player; onPlay: (e: SparksFlyEvent) => void }) {
  const hand = handOf(match, player);
  const [a, setA] = useState(hand[0] ?? '');
  const [b, setB] = useState(hand[1] ?? hand[0] ?? '');
  const [first, setFirst] = useState('');
  const pick = (value: string, set: (v: string) => void, name: string) => (
    <label class="field small">
      {name}
      <select value={value} onChange={(e) => set((e.target as HTMLSelectElement).value)}>
        {hand.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
    </label>
  );
  return (
    <fieldset class="card" data-testid={`sf-play-${player}`}>
      <legend>{player}’s play (hidden from the other until both are in)</legend>
      <div class="row">
        {pick(a, setA, 'First card')}
        {pick(b, setB, 'Second card')}
        <label class="field small">
          Resolves first
          <select value={first} onChange={(e) => setFirst((e.target as HTMLSelectElement).value)}>
            <option value="">the better order</option>
            <option value={a}>{a}</option>
            <option value={b}>{b}</option>
          </select>
        </label>
      </div>
      <div class="row">
        <button type="button" class="btn primary" onClick={() => onPlay({ play: player, cards: [a, b], ...(first ? { first } : {}) })}>
          Enter {player}’s play
        </button>
        <button type="button" class="btn" onClick={() => onPlay({ miss: player })}>
          {player} missed the minute (−5)
        </button>
      </div>
    </fieldset>
  );
}

function Moves({ match, onMove }: { match: MatchState; onMove: (e: SparksFlyEvent) => void }) {
  const [amount, setAmount] = useState('');
  const [card, setCard] = useState('');
  const [to, setTo] = useState<Player>('A');
  const [offer, setOffer] = useState<string[]>([]);
  useEffect(() => setOffer(match.offer ? [...match.offer] : ['', '', '']), [match.offer, match.round]);
  if (match.step === 'over') return <p class="card" data-testid="sf-over">{summaryLine(match)}</p>;
  if (match.step === 'auction' && match.turn) {
    const p = match.turn;
    const min = (match.high?.amount ?? 0) + 1;
    return (
      <div class="card" data-testid="sf-bidding">
        <p>
          <b>{match.auction === 'remove' ? 'Remove' : 'Add'} auction.</b> {p} to raise or fold{match.high ? ` (the bid stands at ${match.high.amount} by ${match.high.player})` : ''}.
        </p>
        {match.auction === 'add' && !match.high && (
          <div class="row small">
            {offer.map((c, i) => (
              <input key={i} aria-label={`Offered card ${i + 1}`} value={c} onInput={(e) => setOffer(offer.map((x, j) => (j === i ? (e.target as HTMLInputElement).value : x)))} />
            ))}
            <button type="button" class="btn small" onClick={() => onMove({ offer: [offer[0] ?? '', offer[1] ?? '', offer[2] ?? ''] })}>
              Show these cards
            </button>
          </div>
        )}
        <div class="row">
          <label class="field small">
            {p}’s bid
            <input type="number" min={min} max={match.sparks[p]} value={amount} placeholder={String(min)} onInput={(e) => setAmount((e.target as HTMLInputElement).value)} style="width:90px" />
          </label>
          <button type="button" class="btn primary" onClick={() => onMove({ bid: p, amount: Number(amount || min) })}>
            {p} raises
          </button>
          <button type="button" class="btn" onClick={() => onMove({ fold: p })}>
            {p} folds (or 20 s passed)
          </button>
        </div>
      </div>
    );
  }
  if (match.step === 'auction' && match.won) {
    const p = match.won.player;
    const choices = match.auction === 'remove' ? handOf(match, p) : (match.offer ?? []);
    const chosen = choices.includes(card) ? card : (choices[0] ?? '');
    return (
      <div class="card" data-testid="sf-action">
        <p>
          {p} won the {match.auction} auction and paid {match.won.paid}.
        </p>
        <div class="row">
          <label class="field small">
            {match.auction === 'remove' ? `Card to remove from ${p}’s hand` : 'Card to add'}
            <select value={chosen} onChange={(e) => setCard((e.target as HTMLSelectElement).value)}>
              {choices.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          {match.auction === 'add' && (
            <label class="field small">
              Into the discard pile of
              <select value={to} onChange={(e) => setTo((e.target as HTMLSelectElement).value as Player)}>
                <option value="A">A</option>
                <option value="B">B</option>
              </select>
            </label>
          )}
          <button type="button" class="btn primary" onClick={() => onMove(match.auction === 'remove' ? { remove: p, card: chosen } : { add: p, card: chosen, to })}>
            {match.auction === 'remove' ? 'Remove' : 'Add'}
          </button>
          <button type="button" class="btn" onClick={() => onMove({ decline: p })}>
            {p} declines
          </button>
        </div>
      </div>
    );
  }
  return (
    <div>
      {(['A', 'B'] as const).map((p) =>
        match.plays[p] ? (
          <p key={p} class="card small" data-testid={`sf-hidden-${p}`}>
            {p}’s play is in — hidden until {other(p)}’s is in.
          </p>
        ) : (
          <PlayForm key={`${p}-${match.round}`} match={match} player={p} onPlay={onMove} />
        ),
      )}
    </div>
  );
}

export function SparksFlyTab({
  tableKey,
  threadPosts,
  load,
  save,
  onInsert,
  onCopy,
  canInsert,
}: {
  tableKey: string;
  threadPosts: TablePost[];
  load: (key: string) => Promise<SparksFlyTable | null>;
  save: (key: string, table: SparksFlyTable | null) => Promise<void>;
  onInsert: (text: string) => Promise<{ ok: true } | { ok: false; error: string }>;
  onCopy: (text: string) => Promise<boolean>;
  canInsert: boolean;
}) {
  const [log, setLog] = useState<LogWithNames | null>(null);
  const [setup, setSetup] = useState({ sparks: '120', firstBidder: 'A' as Player, seed: '', A: '', B: '' });
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');
  const loadedFor = useRef<string | null>(null);

  useEffect(() => {
    loadedFor.current = null;
    setLog(null);
    setProblem('');
    void load(tableKey).then((t) => {
      if (t) setLog(t.log);
      loadedFor.current = tableKey;
    });
  }, [tableKey]);

  const commit = (next: LogWithNames | null) => {
    setLog(next);
    if (loadedFor.current !== tableKey) return;
    void save(tableKey, next ? { game: 'sparks-fly', log: next, updatedAt: Date.now() } : null).catch((e: unknown) =>
      setStatus(`Not saved: ${e instanceof Error ? e.message : String(e)}. The match is still here; try again.`),
    );
  };

  const replay = useMemo(() => (log ? replaySparksFly(log) : null), [log]);
  const checks = useMemo(() => checkStatePosts(threadPosts.map((p) => ({ number: p.post, text: p.text }))), [threadPosts]);
  const lastPosted = [...checks].reverse().find((c) => c.log && c.verdict !== 'unreadable');

  const move = (e: SparksFlyEvent) => {
    if (!log || !replay) return;
    const next = applySparksFly(replay.match, e);
    if (isRefusal(next)) {
      setProblem(next.rule);
      return;
    }
    setProblem('');
    commit({ ...log, events: [...log.events, e] });
  };

  const rules = (
    <details class="small">
      <summary>Rules and rulings</summary>
      <ul>
        {Object.entries(SPARKS_FLY_RULES).map(([k, t]) => (
          <li key={k}>{t}</li>
        ))}
      </ul>
    </details>
  );

  if (!log || !replay) {
    return (
      <section aria-label="When Sparks Fly tracker">
        <h2 class="small">When Sparks Fly: a new match</h2>
        {lastPosted && (
          <p class="card small">
            Post #{lastPosted.post} carries a match log ({lastPosted.events} moves).{' '}
            <button type="button" class="btn small primary" onClick={() => commit(lastPosted.log!)}>
              Continue from post #{lastPosted.post}
            </button>
          </p>
        )}
        <div class="row">
          <label class="field small">
            Sparks each
            <select value={setup.sparks} onChange={(e) => setSetup({ ...setup, sparks: (e.target as HTMLSelectElement).value })}>
              <option value="120">120 (the amendment)</option>
              <option value="100">100 (the original)</option>
            </select>
          </label>
          <label class="field small">
            Bids first in round 1
            <select value={setup.firstBidder} onChange={(e) => setSetup({ ...setup, firstBidder: (e.target as HTMLSelectElement).value as Player })}>
              <option value="A">A</option>
              <option value="B">B</option>
            </select>
          </label>
        </div>
        <div class="row">
          <label class="field small">
            Player A
            <input value={setup.A} maxLength={60} onInput={(e) => setSetup({ ...setup, A: (e.target as HTMLInputElement).value })} />
          </label>
          <label class="field small">
            Player B
            <input value={setup.B} maxLength={60} onInput={(e) => setSetup({ ...setup, B: (e.target as HTMLInputElement).value })} />
          </label>
        </div>
        <label class="field small">
          Published seed for the add-auction offers (anyone can re-derive them from it)
          <input value={setup.seed} maxLength={120} placeholder={tableKey} onInput={(e) => setSetup({ ...setup, seed: (e.target as HTMLInputElement).value.replace(/"/g, '') })} />
        </label>
        <button
          type="button"
          class="btn primary"
          onClick={() =>
            commit({
              sparks: Number(setup.sparks),
              firstBidder: setup.firstBidder,
              seed: setup.seed.trim() || tableKey,
              names: { ...(setup.A.trim() ? { A: setup.A.trim() } : {}), ...(setup.B.trim() ? { B: setup.B.trim() } : {}) },
              events: [],
            })
          }
        >
          Start the match
        </button>
        {rules}
      </section>
    );
  }

  const match = replay.match;
  const post = statePost(match, log);
  return (
    <section aria-label="When Sparks Fly tracker" data-testid="sparks-fly">
      <h2 class="small" data-testid="sf-summary">
        {summaryLine(match)}
      </h2>
      {replay.refused && <p class="alert small">Move {replay.refused.event + 1} of the saved log is not allowed: {replay.refused.rule}</p>}
      <Board match={match} names={log.names} />
      <Moves match={match} onMove={move} />
      {problem && (
        <p class="alert small" role="alert" data-testid="sf-refused">
          Not allowed: {problem}
        </p>
      )}
      <div class="row">
        <button type="button" class="btn" disabled={!log.events.length} onClick={() => (setProblem(''), commit({ ...log, events: log.events.slice(0, -1) }))}>
          Undo the last move
        </button>
        <button type="button" class="btn" onClick={() => confirm('Start a new match? This match’s log stays in the thread’s posts.') && commit(null)}>
          New match
        </button>
      </div>
      <details class="small">
        <summary>What happened ({match.history.length})</summary>
        <ol>
          {match.history.map((h, i) => (
            <li key={i}>{h}</li>
          ))}
        </ol>
      </details>
      <h3 class="small">State post</h3>
      <PostButtons text={post} onInsert={onInsert} onCopy={onCopy} canInsert={canInsert} setStatus={setStatus} disabled={match.step === 'play' && !!match.plays.A !== !!match.plays.B} />
      <div class="small" role="status">
        {status}
        {match.step === 'play' && !!match.plays.A !== !!match.plays.B ? 'One play is in and hidden: post the board once both plays are in.' : ''}
      </div>
      <RubbPreview text={post} />
      {checks.length > 0 && (
        <>
          <h3 class="small">State posts in this thread</h3>
          <ul class="list small" data-testid="sf-thread-checks">
            {checks.map((c) => (
              <li key={c.post} data-post={c.post} data-verdict={c.verdict}>
                #{c.post}: {c.reasons[0]}
              </li>
            ))}
          </ul>
        </>
      )}
      {rules}
    </section>
  );
}
