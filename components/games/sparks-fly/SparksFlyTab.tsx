/**
 * The When Sparks Fly tracker: the DMO enters bids, auction actions and plays (each side's play
 * hidden until both are in); the board, undo, the state post in RPOL markup; refusals quote the
 * rule; the match continues from the thread's last state post.
 */
import { SPARKS_FLY } from '../../../lib/games/sparks-fly/game';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { boardRows, statePost, summaryText, type Slot } from '../../../lib/games/sparks-fly/board';
import { replaySparksFly, type MatchState, type Player, type SparksFlyEvent } from '../../../lib/games/sparks-fly/engine';
import { type LogWithNames, readSparksFlyLog } from '../../../lib/games/sparks-fly/log-text';
import { sparksFlyRules } from '../../../lib/games/sparks-fly/rulings';
import { refusalText } from '../../../lib/games/game';
import { say } from '../../../lib/i18n';
import type { TableCheck, TablePost } from '../../../lib/view';
import { PostPreview } from '../../panel/PostPreview';
import { MatchClock } from './MatchClock';
import { PostButtons } from '../../panel/PostButtons';
import { t, uiLocale } from '../../locale';
import { usePanel } from '../../panel/context';
import { useGameTable } from '../../panel/use-game-table';
import { usePageChecks } from '../../panel/use-page-checks';
import { SaveError } from '../../panel/SaveError';
import { NewMatch } from './NewMatch';
import { clockOf, MATCH_TABLE } from './match-table';

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

/** An auction's turn: the offer shown (an add auction's first step), then raise or fold. */
function Bidding({ match, p, onMove }: { match: MatchState; p: Player; onMove: (e: SparksFlyEvent) => void }) {
  const [amount, setAmount] = useState('');
  const [offer, setOffer] = useState<string[]>([]);
  useEffect(() => setOffer(match.offer ? [...match.offer] : ['', '', '']), [match.offer, match.round]);
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

/** The auction's winner acts: removes a card from their hand, or adds an offered one to a discard; or declines. */
function AuctionWon({ match, won, onMove }: { match: MatchState; won: NonNullable<MatchState['won']>; onMove: (e: SparksFlyEvent) => void }) {
  const [card, setCard] = useState('');
  const [to, setTo] = useState<Player>('A');
  const p = won.player;
  const removing = match.auction === 'remove';
  const choices = removing ? handOf(match, p) : (match.offer ?? []);
  const chosen = choices.includes(card) ? card : (choices[0] ?? '');
  return (
    <div class="card" data-testid="sf-action">
      <p>{t(removing ? 'sf.wonRemove' : 'sf.wonAdd', { player: p, paid: won.paid })}</p>
      <div class="row">
        <label class="field small">
          {removing ? t('sf.cardToRemove', { player: p }) : t('sf.cardToAdd')}
          <select value={chosen} onChange={(e) => setCard((e.target as HTMLSelectElement).value)}>
            {choices.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        {!removing && (
          <label class="field small">
            {t('sf.intoDiscard')}
            <select value={to} onChange={(e) => setTo((e.target as HTMLSelectElement).value as Player)}>
              <option value="A">A</option>
              <option value="B">B</option>
            </select>
          </label>
        )}
        <button type="button" class="btn primary" onClick={() => onMove(removing ? { remove: p, card: chosen } : { add: p, card: chosen, to })}>
          {removing ? t('sf.remove') : t('sf.add')}
        </button>
        <button type="button" class="btn" onClick={() => onMove({ decline: p })}>
          {t('sf.declines', { player: p })}
        </button>
      </div>
    </div>
  );
}

/** What the match waits for now: the end said, a bid, the auction winner's action, or each side's play. */
function Moves({ match, onMove }: { match: MatchState; onMove: (e: SparksFlyEvent) => void }) {
  if (match.step === 'over')
    return (
      <p class="card" data-testid="sf-over">
        {summaryText(match, uiLocale())}
      </p>
    );
  if (match.step === 'auction' && match.turn) return <Bidding match={match} p={match.turn} onMove={onMove} />;
  if (match.step === 'auction' && match.won) return <AuctionWon match={match} won={match.won} onMove={onMove} />;
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

/** The page's verdicts on the thread's state posts. */
function ThreadChecks({ checks }: { checks: readonly TableCheck[] }) {
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

/**
 * The last state post the page could read, and the match its log carries (to continue from). The
 * page's verdicts carry no log: that one post's log is read here, nothing is judged again.
 */
function lastPosted(checks: readonly TableCheck[], posts: readonly TablePost[]) {
  const check = checks.findLast((c) => c.verdict !== 'unreadable');
  const text = check && posts.find((p) => p.post === check.post)?.text;
  const log = text ? readSparksFlyLog(text) : null;
  return check && log ? { post: check.post, events: log.events.length, log } : undefined;
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

/** The match's controls: undo the last move, or set the match aside for a new one. */
function MatchButtons({ canUndo, undo, end }: { canUndo: boolean; undo: () => void; end: () => void }) {
  return (
    <div class="row">
      <button type="button" class="btn" disabled={!canUndo} onClick={undo}>
        {t('sf.undo')}
      </button>
      <button type="button" class="btn" onClick={() => confirm(t('sf.confirmNew')) && end()}>
        {t('sf.newMatchBtn')}
      </button>
    </div>
  );
}

export function SparksFlyTab() {
  const { threadKey, summary } = usePanel();
  const tableKey = threadKey ?? '';
  const threadPosts = summary?.tablePosts ?? NO_POSTS;
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');
  const { state: table, dispatch, undo, canUndo, saveError } = useGameTable(MATCH_TABLE);
  const checks = usePageChecks(SPARKS_FLY.id);
  useEffect(() => setProblem(''), [tableKey]);
  const log = table?.log ?? null;
  const replay = useMemo(() => (log ? replaySparksFly(log) : null), [log]);
  const move = (e: SparksFlyEvent) => {
    const refused = dispatch({ move: e });
    setProblem(refused ? refusalText(uiLocale(), refused) : '');
  };

  if (!log || !replay)
    return (
      <>
        <NewMatch tableKey={tableKey} lastPosted={lastPosted(checks, threadPosts)} start={(start) => dispatch({ start })} rules={<RulesList />} />
        <SaveError error={saveError} />
      </>
    );

  const match = replay.match;
  return (
    <section aria-label={t('sf.section')} data-testid="sparks-fly">
      <h2 class="small" data-testid="sf-summary">
        {summaryText(match, uiLocale())}
      </h2>
      {replay.refused && (
        <p class="alert small">{t('sf.savedRefused', { n: replay.refused.event + 1, rule: refusalText(uiLocale(), replay.refused.refusal) })}</p>
      )}
      <MatchClock
        match={match}
        events={log.events.length}
        clock={clockOf(table)}
        setClock={(clock) => dispatch({ clock })}
        onExpire={(expire, at) => dispatch({ expire, at })}
      />
      <Board match={match} names={log.names} />
      <Moves match={match} onMove={move} />
      {problem && (
        <p class="alert small" role="alert" data-testid="sf-refused">
          {t('sf.refused', { rule: problem })}
        </p>
      )}
      <MatchButtons
        canUndo={canUndo}
        undo={() => {
          setProblem('');
          undo();
        }}
        end={() => dispatch({ end: true })}
      />
      <SaveError error={saveError} />
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
