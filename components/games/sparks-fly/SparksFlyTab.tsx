/**
 * The When Sparks Fly tracker: the DMO enters bids, auction actions and plays (each side's play
 * hidden until both are in); the board, undo, the state post in RPOL markup; refusals quote the
 * rule; the match continues from the thread's last state post.
 */
import { SPARKS_FLY } from '../../../lib/games/sparks-fly/game';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { boardRows, statePost, summaryText, type Slot } from '../../../lib/games/sparks-fly/board';
import { applySparksFly, replaySparksFly, type MatchState, type Player, type SparksFlyEvent } from '../../../lib/games/sparks-fly/engine';
import type { LogWithNames } from '../../../lib/games/sparks-fly/log-text';
import { checkStatePosts } from '../../../lib/games/sparks-fly/thread';
import { sparksFlyRules } from '../../../lib/games/sparks-fly/rulings';
import { isRefusal, refusalText } from '../../../lib/games/game';
import { say } from '../../../lib/i18n';
import type { TablePost } from '../../../lib/view';
import { PostPreview } from '../../panel/PostPreview';
import { MatchClock, type MatchClockState } from './MatchClock';
import { DEFAULT_CLOCKS, startRun } from '../../../lib/games/sparks-fly/clock';
import { PostButtons } from '../../panel/PostButtons';
import { t, uiLocale } from '../../locale';
import { usePanel } from '../../panel/context';
import { tableStore } from '../../panel/use-thread-table';
import { NewMatch } from './NewMatch';
import { errorText } from '../../../lib/errors';

const NO_POSTS: TablePost[] = [];

const label = (c: MatchState['cards']['A'][number]) => (c.n !== c.type.printed ? `${c.type.name} [${c.n}]` : c.type.name);
const handOf = (m: MatchState, p: Player) => [...new Set(m.cards[p].filter((c) => c.zone === 'hand').map(label))];
const other = (p: Player): Player => (p === 'A' ? 'B' : 'A');

function Slots({ slots }: { slots: Slot[] }) {
  const word = { hand: t('sf.inHand'), discard: t('sf.inDiscard'), none: t('sf.noCard') } as const;
  return (
    <span>
      {slots.map((s, i) => (
        <span
          key={i}
          class={`slot ${s.zone}`}
          role="img"
          title={word[s.zone]}
          aria-label={`${word[s.zone]}${s.number !== null ? t('sf.number', { n: s.number }) : ''}`}
        >
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
            <th scope="col">{t('sf.card')}</th>
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
          <b>{t('sf.offered')}</b> {match.offer.join(' · ')}
        </p>
      )}
      <p class="small muted">
        <span class="slot hand" /> {t('sf.inHand')} · <span class="slot discard" /> {t('sf.inDiscard')} · <span class="slot none" /> {t('sf.noCard')}
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
      <legend>{t('sf.playOf', { player })}</legend>
      <div class="row">
        {pick(a, setA, t('sf.firstCard'))}
        {pick(b, setB, t('sf.secondCard'))}
        <label class="field small">
          {t('sf.resolvesFirst')}
          <select value={first} onChange={(e) => setFirst((e.target as HTMLSelectElement).value)}>
            <option value="">{t('sf.betterOrder')}</option>
            <option value={a}>{a}</option>
            <option value={b}>{b}</option>
          </select>
        </label>
      </div>
      <div class="row">
        <button type="button" class="btn primary" onClick={() => onPlay({ play: player, cards: [a, b], ...(first ? { first } : {}) })}>
          {t('sf.enterPlay', { player })}
        </button>
        <button type="button" class="btn" onClick={() => onPlay({ miss: player })}>
          {t('sf.missed', { player })}
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
  if (match.step === 'over')
    return (
      <p class="card" data-testid="sf-over">
        {summaryText(match, uiLocale())}
      </p>
    );
  if (match.step === 'auction' && match.turn) {
    const p = match.turn;
    const min = (match.high?.amount ?? 0) + 1;
    return (
      <div class="card" data-testid="sf-bidding">
        <p>
          <b>{match.auction === 'remove' ? t('sf.removeAuction') : t('sf.addAuction')}</b>{' '}
          {match.high ? t('sf.toRaiseHigh', { player: p, amount: match.high.amount, by: match.high.player }) : t('sf.toRaise', { player: p })}
        </p>
        {match.auction === 'add' && !match.high && (
          <div class="row small">
            {offer.map((c, i) => (
              <input
                key={i}
                aria-label={t('sf.offeredCard', { n: i + 1 })}
                value={c}
                onInput={(e) => setOffer(offer.map((x, j) => (j === i ? (e.target as HTMLInputElement).value : x)))}
              />
            ))}
            <button type="button" class="btn small" onClick={() => onMove({ offer: [offer[0] ?? '', offer[1] ?? '', offer[2] ?? ''] })}>
              {t('sf.showCards')}
            </button>
          </div>
        )}
        <div class="row">
          <label class="field small">
            {t('sf.bid', { player: p })}
            <input
              type="number"
              min={min}
              max={match.sparks[p]}
              value={amount}
              placeholder={String(min)}
              onInput={(e) => setAmount((e.target as HTMLInputElement).value)}
              style="width:90px"
            />
          </label>
          <button type="button" class="btn primary" onClick={() => onMove({ bid: p, amount: Number(amount || min) })}>
            {t('sf.raises', { player: p })}
          </button>
          <button type="button" class="btn" onClick={() => onMove({ fold: p })}>
            {t('sf.folds', { player: p })}
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
        <p>{t(match.auction === 'remove' ? 'sf.wonRemove' : 'sf.wonAdd', { player: p, paid: match.won.paid })}</p>
        <div class="row">
          <label class="field small">
            {match.auction === 'remove' ? t('sf.cardToRemove', { player: p }) : t('sf.cardToAdd')}
            <select value={chosen} onChange={(e) => setCard((e.target as HTMLSelectElement).value)}>
              {choices.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          {match.auction === 'add' && (
            <label class="field small">
              {t('sf.intoDiscard')}
              <select value={to} onChange={(e) => setTo((e.target as HTMLSelectElement).value as Player)}>
                <option value="A">A</option>
                <option value="B">B</option>
              </select>
            </label>
          )}
          <button
            type="button"
            class="btn primary"
            onClick={() => onMove(match.auction === 'remove' ? { remove: p, card: chosen } : { add: p, card: chosen, to })}
          >
            {match.auction === 'remove' ? t('sf.remove') : t('sf.add')}
          </button>
          <button type="button" class="btn" onClick={() => onMove({ decline: p })}>
            {t('sf.declines', { player: p })}
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
            {t('sf.playIn', { player: p, other: other(p) })}
          </p>
        ) : (
          <PlayForm key={`${p}-${match.round}`} match={match} player={p} onPlay={onMove} />
        ),
      )}
    </div>
  );
}

/** The match stored for this thread: read once per thread; `commit` shows and saves the next log and clock. */
function useMatchTable(tableKey: string, setStatus: (s: string) => void) {
  const { source } = usePanel();
  const { load, save } = tableStore(SPARKS_FLY.id, source);
  const [log, setLog] = useState<LogWithNames | null>(null);
  const [clock, setClockState] = useState<MatchClockState>({ settings: DEFAULT_CLOCKS, run: null });
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    loadedFor.current = null;
    setLog(null);
    setClockState({ settings: DEFAULT_CLOCKS, run: null });
    void load(tableKey).then((t) => {
      if (t) setLog(t.log);
      if (t?.clock) setClockState(t.clock);
      loadedFor.current = tableKey;
    });
  }, [tableKey]);
  const commit = (next: LogWithNames | null, nextClock: MatchClockState = clock) => {
    setLog(next);
    setClockState(nextClock);
    if (loadedFor.current !== tableKey) return;
    void save(tableKey, next ? { game: SPARKS_FLY.id, log: next, clock: nextClock, updatedAt: Date.now() } : null).catch((e: unknown) =>
      setStatus(t('sf.notSaved', { reason: errorText(e) })),
    );
  };
  return { log, clock, commit };
}

function RulesList() {
  return (
    <details class="small">
      <summary>{t('sf.rules')}</summary>
      <ul>
        {Object.entries(sparksFlyRules(uiLocale())).map(([k, text]) => (
          <li key={k}>{text}</li>
        ))}
      </ul>
    </details>
  );
}

function ThreadChecks({ checks }: { checks: ReturnType<typeof checkStatePosts> }) {
  if (!checks.length) return null;
  return (
    <>
      <h3 class="small">{t('sf.threadChecks')}</h3>
      <ul class="list small" data-testid="sf-thread-checks">
        {checks.map((c) => (
          <li key={c.post} data-post={c.post} data-verdict={c.verdict}>
            #{c.post}: {c.reasons[0]}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The state post of the match, its buttons and preview (held back while one play of two is hidden). */
function MatchPost({ match, log, setStatus, status }: { match: MatchState; log: LogWithNames; setStatus: (s: string) => void; status: string }) {
  const { postLocale, writer, io } = usePanel();
  const doc = statePost(match, log, postLocale);
  const oneHidden = match.step === 'play' && !!match.plays.A !== !!match.plays.B;
  return (
    <>
      <h3 class="small">{t('sf.statePost')}</h3>
      <PostButtons text={writer.write(doc)} doc={doc} {...io} setStatus={setStatus} disabled={oneHidden} />
      <div class="small" role="status">
        {status}
        {oneHidden ? t('sf.oneHidden') : ''}
      </div>
      <PostPreview doc={doc} writer={writer} />
    </>
  );
}

export function SparksFlyTab() {
  const { threadKey, summary } = usePanel();
  const tableKey = threadKey ?? '';
  const threadPosts = summary?.tablePosts ?? NO_POSTS;
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');
  const { log, clock, commit } = useMatchTable(tableKey, setStatus);
  useEffect(() => setProblem(''), [tableKey]);
  const replay = useMemo(() => (log ? replaySparksFly(log) : null), [log]);
  const checks = useMemo(
    () =>
      checkStatePosts(
        threadPosts.map((p) => ({ number: p.post, text: p.text })),
        uiLocale(),
      ),
    [threadPosts],
  );
  /** What the clock applies when it runs out: each move in turn (one the rules refuse stops there); the next clock starts at `at`. */
  const expire = (events: SparksFlyEvent[], at: number) => {
    if (!log || !replay) return;
    let match = replay.match;
    const applied: SparksFlyEvent[] = [];
    for (const e of events) {
      const next = applySparksFly(match, e);
      if (isRefusal(next)) break;
      match = next;
      applied.push(e);
    }
    const all = [...log.events, ...applied];
    commit({ ...log, events: all }, { settings: clock.settings, run: applied.length ? startRun(all.length, at) : null });
  };
  const move = (e: SparksFlyEvent) => {
    if (!log || !replay) return;
    const next = applySparksFly(replay.match, e);
    if (isRefusal(next)) {
      setProblem(refusalText(uiLocale(), next));
      return;
    }
    setProblem('');
    commit({ ...log, events: [...log.events, e] });
  };

  if (!log || !replay) {
    const lastPosted = [...checks].reverse().find((c) => c.log && c.verdict !== 'unreadable');
    return <NewMatch tableKey={tableKey} lastPosted={lastPosted} start={commit} rules={<RulesList />} />;
  }

  const match = replay.match;
  return (
    <section aria-label={t('sf.section')} data-testid="sparks-fly">
      <h2 class="small" data-testid="sf-summary">
        {summaryText(match, uiLocale())}
      </h2>
      {replay.refused && (
        <p class="alert small">{t('sf.savedRefused', { n: replay.refused.event + 1, rule: refusalText(uiLocale(), replay.refused.refusal) })}</p>
      )}
      <MatchClock match={match} events={log.events.length} clock={clock} setClock={(c) => commit(log, c)} onExpire={expire} />
      <Board match={match} names={log.names} />
      <Moves match={match} onMove={move} />
      {problem && (
        <p class="alert small" role="alert" data-testid="sf-refused">
          {t('sf.refused', { rule: problem })}
        </p>
      )}
      <div class="row">
        <button
          type="button"
          class="btn"
          disabled={!log.events.length}
          onClick={() => {
            setProblem('');
            commit({ ...log, events: log.events.slice(0, -1) });
          }}
        >
          {t('sf.undo')}
        </button>
        <button type="button" class="btn" onClick={() => confirm(t('sf.confirmNew')) && commit(null)}>
          {t('sf.newMatchBtn')}
        </button>
      </div>
      <details class="small">
        <summary>{t('sf.history', { count: match.history.length })}</summary>
        <ol>
          {match.history.map((h, i) => (
            <li key={i}>{say(uiLocale(), h)}</li>
          ))}
        </ol>
      </details>
      <MatchPost match={match} log={log} setStatus={setStatus} status={status} />
      <ThreadChecks checks={checks} />
      <RulesList />
    </section>
  );
}
