/**
 * Parlor Magic's Table: the game folded from the thread (both domains, the Domain Defenses, the
 * Trumps stack, Life, pools), my hand from my secret (never posted until I reveal it), what I can
 * do now, and the lines each action posts. Every reader's Spark Scribe checks the posts.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { refusalText } from '../../../lib/games/game';
import { attackers, blockers, combatAbilities, combatPreview, mainActions, mayBeginTurn, type Tried } from '../../../lib/games/parlor/actions';
import { cardLabel, readParlorCard } from '../../../lib/games/parlor/cards';
import { PARLOR } from '../../../lib/games/parlor/game';
import { parlorCommit } from '../../../lib/games/parlor/hidden';
import { seenRecords, SEEN_PER_POST } from '../../../lib/games/parlor/stored';
import { randomHex } from '../../../lib/random';
import { HIDDEN, type Id, type ParlorTable as Table, type Ruler } from '../../../lib/games/parlor/model';
import { drawLine, drawSize, endLine, nextDraw, openingLine, revealLine } from '../../../lib/games/parlor/play';
import { RevealButton } from './RevealConfirm';
import { type LineEvent, recordLine } from '../../../lib/games/parlor/records';
import { foldParlorThread, type ParlorGame, parlorGameStarts, threadRecords, type ThreadPost } from '../../../lib/games/parlor/thread';
import { postRecords } from '../../../lib/games/parlor/reading';
import { foldedName } from '../../../lib/chars';
import { CommitOffer, ParlorExplain, ParlorResultNote, useCommitSecret, useParlorSecrets } from './ParlorHidden';
import type { ParlorTable } from '../../../lib/settings/tables';
import { t, uiLocale } from '../../locale';
import { PostButtons, type PostIO } from '../../panel/PostButtons';
import { parlorStatePost } from '../../../lib/games/parlor/post';
import { useParlorPanel } from './use-parlor-panel';
import { type GameTableKeeping, type Undoable, useGameTable, useUndoable } from '../../panel/use-game-table';
import { usePageChecks } from '../../panel/use-page-checks';
import { SaveError } from '../../panel/SaveError';
import type { TableCheck } from '../../../lib/view';
import { type ShownCheck, readerChecks, shownChecks } from './checks';
import { HandFan } from './cards';
import { Captioned, Domain, TrumpsStack } from './ParlorDomain';

const random = (out: Uint8Array) => crypto.getRandomValues(out);
const label = (c: string) => (c === HIDDEN ? '🂠' : readParlorCard(c) ? cardLabel(readParlorCard(c)!) : c);
const idLabel = (id: string) => label(id.slice(2));

/** A list of tried actions: each that works is a button adding its line; each that does not says why (when asked). */
function Actions({ title, tried, add, why = false }: { title: string; tried: Tried[]; add: (e: LineEvent) => void; why?: boolean }) {
  const ok = tried.filter((x) => !x.refusal);
  const no = why ? tried.filter((x) => x.refusal) : [];
  if (!ok.length && !no.length) return null;
  return (
    <div>
      <h4 class="small">{title}</h4>
      <div class="row">
        {ok.map((x) => (
          <button key={recordLine({ event: x.line })} type="button" class="btn small" onClick={() => add(x.line)}>
            {recordLine({ event: x.line }).split(' · ').slice(2).join(' · ')}
          </button>
        ))}
      </div>
      {no.length > 0 && (
        <ul class="small muted">
          {no.slice(0, 8).map((x) => (
            <li key={recordLine({ event: x.line })}>
              {recordLine({ event: x.line }).split(' · ').slice(2).join(' · ')}: {refusalText(uiLocale(), x.refusal!)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The step of a turn `me` is at: begin it, draw, act, fight, end it. */
function MyTurn({ game, me, secret, add }: { game: ParlorGame; me: Ruler; secret: string; add: (line: string) => void }) {
  const table = game.table;
  const [recycle, setRecycle] = useState<string[]>([]);
  const [attack, setAttack] = useState<Id[]>([]);
  const other = game.rulers[me === 'A' ? 'B' : 'A']?.name ?? '';
  // A draw with no opponent's nonce since my commitment is not dealt: nothing to post until their post.
  const waits = (key: 'pm.hh.waitOpening' | 'pm.hh.waitDraw') => (
    <p class="small" data-testid="parlor-wait">
      {t(key, { other })}
    </p>
  );
  if (table.phase === 'setup' && !table.dealt[me] && !game.nextNonce[me]) return waits('pm.hh.waitOpening');
  if (table.phase === 'setup' && !table.dealt[me])
    return (
      <button type="button" class="btn primary" onClick={() => add(openingLine(randomHex(8, random)))}>
        {t('pm.ui.opening')}
      </button>
    );
  if (mayBeginTurn(table, me))
    return (
      <button type="button" class="btn primary" onClick={() => add(recordLine({ turn: true }))}>
        {t('pm.ui.begin')}
      </button>
    );
  if (table.turn !== me) return null;
  if (table.phase === 'draw' && !game.nextNonce[me]) return waits('pm.hh.waitDraw');
  if (table.phase === 'draw') {
    const drawn = nextDraw(game, me, secret, drawSize(game, me));
    return (
      <Captioned caption={t('pm.ui.drawn')} testid="parlor-draw">
        <HandFan cards={drawn} label={t('pm.ui.drawn')} onPick={(c) => add(drawLine(game, me, secret, c))} />
      </Captioned>
    );
  }
  if (table.phase !== 'main') return null;
  const acts = mainActions(table, me);
  const over = Math.max(0, table.hand[me].length - 7);
  const event = (e: LineEvent) => add(recordLine({ event: e }));
  return (
    <div data-testid="parlor-actions">
      <Actions title={t('pm.ui.lands')} tried={acts.lands} add={event} />
      <Actions title={t('pm.ui.taps')} tried={acts.taps} add={event} />
      <Actions title={t('pm.ui.casts')} tried={acts.casts} add={event} />
      <Actions title={t('pm.ui.counters')} tried={acts.counters} add={event} />
      <Actions title={t('pm.ui.abilities')} tried={acts.abilities} add={event} why />
      {attackers(table, me).length > 0 && (
        <fieldset class="small">
          <legend>{t('pm.ui.attack')}</legend>
          {attackers(table, me).map((id) => (
            <label key={id}>
              <input
                type="checkbox"
                checked={attack.includes(id)}
                onChange={(e) => setAttack((e.target as HTMLInputElement).checked ? [...attack, id] : attack.filter((x) => x !== id))}
              />{' '}
              {idLabel(id)}
            </label>
          ))}
          <button type="button" class="btn small" disabled={!attack.length} onClick={() => event({ attack })}>
            {t('pm.ui.attackWith', { count: attack.length })}
          </button>
        </fieldset>
      )}
      <fieldset class="small">
        <legend>{t('pm.ui.end', { n: over })}</legend>
        {over > 0 && (
          <HandFan
            multiple
            cards={table.hand[me]}
            label={t('pm.ui.end', { n: over })}
            picked={recycle.map((c) => table.hand[me].indexOf(c))}
            onPick={(c) => setRecycle(recycle.includes(c) ? recycle.filter((x) => x !== c) : [...recycle, c])}
          />
        )}
        <button
          type="button"
          class="btn small"
          disabled={recycle.length !== over}
          onClick={() => add(endLine(game, me, secret, recycle, randomHex(8, random)))}
        >
          {t('pm.ui.endTurn')}
        </button>
      </fieldset>
    </div>
  );
}

/** The combat's steps for either ruler: blocks, Volley, Sally, Harry; its outcome before it is posted; the damage. */
function Combat({ table, me, add }: { table: Table; me: Ruler; add: (line: string) => void }) {
  const mine = blockers(table, me);
  const [blocks, setBlocks] = useState<Record<Id, Id>>({});
  const preview = combatPreview(table);
  const event = (e: LineEvent) => add(recordLine({ event: e }));
  if (!table.combat) return null;
  return (
    <div class="card" data-testid="parlor-combat">
      <b>{t('pm.ui.combat', { attackers: table.combat.attackers.map(idLabel).join(', ') })}</b>
      {mine.length > 0 && (
        <fieldset class="small">
          <legend>{t('pm.ui.blocks')}</legend>
          {mine.map((id) => (
            <label key={id} class="field">
              {idLabel(id)}
              <select value={blocks[id] ?? ''} onChange={(e) => setBlocks({ ...blocks, [id]: (e.target as HTMLSelectElement).value })}>
                <option value="">{t('pm.ui.noBlock')}</option>
                {table.combat!.attackers.map((a) => (
                  <option key={a} value={a}>
                    {idLabel(a)}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <button
            type="button"
            class="btn small"
            onClick={() => event({ block: Object.entries(blocks).flatMap(([blocker, attacker]) => (attacker ? [{ blocker, attacker }] : [])) })}
          >
            {t('pm.ui.declareBlocks')}
          </button>
        </fieldset>
      )}
      <Actions title={t('pm.ui.combatAbilities')} tried={combatAbilities(table, me)} add={event} why />
      {preview && (
        <p class="small" data-testid="parlor-preview">
          {t('pm.ui.preview', {
            ruler: preview.toRuler,
            dead: preview.dead.map(idLabel).join(', ') || '—',
          })}
        </p>
      )}
      {preview && table.combat.attacker === me && (
        <button type="button" class="btn small primary" onClick={() => event({ damage: {} })}>
          {t('pm.ui.resolve')}
        </button>
      )}
    </div>
  );
}

/** What the thread's posts show: the records seen in them (commitments, nonces, seals, by post), and whether the vault holds a secret (an old table's, moved out of it). */
interface Seen {
  records: Record<number, string[]>;
  held(legacySecret: string): boolean;
}

/**
 * The thread's stored table: the records seen, by post (the first seen stays, so that a later edit
 * of a post is seen; the nonces an earlier version kept stay read); the secrets live in their own key.
 */
const PARLOR_TABLE: GameTableKeeping<ParlorTable, Seen> = {
  game: PARLOR.id,
  empty: { game: PARLOR.id, nonces: {}, updatedAt: 0 },
  apply(table, seen) {
    const kept = table.seen ?? {};
    const fresh = Object.entries(seen.records).filter(([post]) => !(post in kept));
    // An old table's secret leaves it only once the secrets' key holds it.
    const { legacySecret, seen: _kept, ...rest } = table;
    const moved = !!legacySecret && seen.held(legacySecret);
    if (!fresh.length && !moved) return table;
    const records = { ...kept, ...Object.fromEntries(fresh.map(([post, tokens]) => [post, tokens.slice(0, SEEN_PER_POST)])) };
    return { ...rest, ...(legacySecret && !moved ? { legacySecret } : {}), ...(Object.keys(records).length ? { seen: records } : {}), updatedAt: Date.now() };
  },
  // What the posts show is not a step of the user's to undo.
  step: () => false,
  notSaved: 'pm.ui.notSaved',
};

/** The lines being written, with Insert, Copy, take back and clear. */
function PostLines({ lines, io, setStatus }: { lines: Undoable<string[]>; io: PostIO; setStatus: (s: string) => void }) {
  const text = lines.value.join('\n');
  return (
    <>
      <h3 class="small">{t('pm.ui.post')}</h3>
      <pre class="mono small" data-testid="parlor-lines" style="white-space:pre-wrap">
        {text || t('pm.ui.noLines')}
      </pre>
      <div class="row">
        <PostButtons {...io} setStatus={setStatus} text={text} disabled={!text} />
        <button type="button" class="btn small" disabled={!lines.canUndo} onClick={lines.undo}>
          {t('pm.ui.undoLine')}
        </button>
        <button type="button" class="btn small" disabled={!text} onClick={() => lines.set([])}>
          {t('pm.ui.clear')}
        </button>
      </div>
    </>
  );
}

/** Each post of the game's verdict, as the page judged it (every reader's Spark Scribe judges the same). */
function Checks({ checks }: { checks: readonly ShownCheck[] }) {
  if (!checks.length) return null;
  return (
    <ul class="list small" data-testid="parlor-checks">
      {checks.map((c) => (
        <li key={c.post} data-post={c.post} data-verdict={c.verdict}>
          #{c.post}: {c.reasons.join(' ')}
        </li>
      ))}
    </ul>
  );
}

/** The page's verdicts on this game's posts: the page judges each game of the thread from its start (the first from the thread's start). */
function gameChecks(checks: readonly TableCheck[], starts: readonly number[], gameFrom: number, until: number | null) {
  const from = gameFrom === starts[0] ? 0 : gameFrom;
  return checks.filter((c) => c.post >= from && (until === null || c.post < until));
}

/** Every commitment in the thread's posts (a new game's must be none of them). */
const commitmentsIn = (posts: readonly ThreadPost[]) =>
  new Set(posts.flatMap((p) => postRecords(p.text).records.flatMap((r) => ('commit' in r ? [r.commit] : []))));

/** The game being played (from the latest game's start, or the one chosen), and my secret for it. */
function useParlorGame(posts: ThreadPost[], me: string, from: number | null, secretOf: (commitment: string) => string, seen: Record<number, string[]>) {
  const starts = useMemo(() => parlorGameStarts(posts), [posts]);
  const gameFrom = from ?? starts.at(-1) ?? 0;
  // My commitment in this game (read without any secret), and the secret stored for it.
  const bare = useMemo(() => foldParlorThread(posts, { from: gameFrom, l: uiLocale() }), [posts, gameFrom]);
  const mineRuler = (['A', 'B'] as const).find((r) => bare.rulers[r]?.name === foldedName(me));
  const secret = mineRuler ? secretOf(bare.rulers[mineRuler]!.commitment) : '';
  const options = { me: { name: me, secret }, from: gameFrom, seen, l: uiLocale() };
  const game = useMemo(() => foldParlorThread(posts, options), [posts, me, secret, gameFrom, seen]);
  // The lines I write are posted by the forum identity that committed for me (where the forum shows one).
  const myId = mineRuler ? bare.rulers[mineRuler]!.authorId : null;
  return { starts, gameFrom, secret, options, game, bare, named: !!mineRuler, myId };
}

export function ParlorTableTab() {
  const { tableKey, viewer, threadPosts, loadSecrets, saveSecret, markPosted, writer, postLocale, io } = useParlorPanel();
  const [me, setMe] = useState(viewer ?? '');
  const lines = useUndoable<string[]>([]);
  const [from, setFrom] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  useEffect(() => setMe(viewer ?? ''), [viewer]);
  // Each post with what the forum shows of it (time, edit, poster's identity): the fold judges edits and posters by them.
  const posts = useMemo(() => threadPosts.map(({ post, ...p }): ThreadPost => ({ ...p, number: post })), [threadPosts]);
  const vault = useParlorSecrets(tableKey, loadSecrets);
  const secretOf = (c: string) => vault.secrets?.secrets[c]?.secret ?? '';
  const { state: stored, dispatch, saveError } = useGameTable(PARLOR_TABLE);
  useEffect(() => void dispatch({ records: threadRecords(posts), held: (s) => !!secretOf(parlorCommit(s)) }), [posts, vault.secrets]);
  const seen = useMemo(() => seenRecords(stored), [stored.nonces, stored.seen]);
  const pageChecks = usePageChecks(PARLOR.id);
  const { starts, gameFrom, secret, options, game, bare, named, myId } = useParlorGame(posts, me, from, secretOf, seen);
  const last = posts.length ? posts[posts.length - 1]!.number : 0;
  // What the lines being written do: the game as if they were posted.
  const after = useMemo(
    () => (lines.value.length ? foldParlorThread([...posts, { number: last + 1, author: me, authorId: myId, text: lines.value.join('\n') }], options) : game),
    [game, lines.value],
  );
  const mine = after.me;
  const add = (line: string) => lines.set([...lines.value, line]);
  const { A, B } = after.rulers;
  const inThread = useMemo(() => commitmentsIn(posts), [posts]);
  const commit = useCommitSecret(!!me.trim() && !named && (!A || !B), tableKey, inThread, vault, saveSecret);
  const statePost = parlorStatePost(game, last, postLocale);

  return (
    <section aria-label={t('pm.ui.section')} data-testid="parlor-table">
      <h2 class="small">{t('pm.ui.heading')}</h2>
      <label class="field small">
        {t('pm.ui.youAre')}
        <input value={me} maxLength={60} onInput={(e) => setMe((e.target as HTMLInputElement).value)} />
      </label>
      {starts.length > 1 && (
        <label class="field small">
          {t('pm.ui.continueFrom')}
          <select value={String(gameFrom)} onChange={(e) => setFrom(Number((e.target as HTMLSelectElement).value) || null)}>
            {starts.map((n) => (
              <option key={n} value={String(n)}>
                {t('pm.hh.game', { post: n })}
              </option>
            ))}
          </select>
        </label>
      )}
      <p class="small muted">{t('pm.ui.secretKept')}</p>
      <ParlorExplain />
      <CommitOffer secret={commit.secret} posts={posts} io={io} markPosted={markPosted} reload={vault.reload} setStatus={setStatus} />
      {commit.problem && (
        <p class="alert small" role="alert" data-testid="parlor-secret-problem">
          {commit.problem}
        </p>
      )}
      {(['A', 'B'] as const).map((r) => (after.rulers[r] ? <Domain key={r} table={after.table} r={r} name={after.rulers[r]!.name} mine={mine === r} /> : null))}
      <TrumpsStack table={after.table} />
      <ParlorResultNote game={after} />
      {(after.table.winner || (mine && after.rulers[mine]?.revealedAt)) && gameFrom <= last && (
        <button type="button" class="btn small" onClick={() => setFrom(last + 1)}>
          {t('pm.hh.newGame')}
        </button>
      )}
      {mine && !after.table.winner && <MyTurn game={after} me={mine} secret={secret} add={add} />}
      {mine && <Combat table={after.table} me={mine} add={add} />}
      {mine && !after.rulers[mine]?.revealedAt && <RevealButton ended={!!after.table.winner} reveal={() => add(revealLine(after, mine, secret))} />}
      <PostLines lines={lines} io={io} setStatus={setStatus} />
      {A && B && (
        <PostButtons {...io} setStatus={setStatus} doc={statePost} text={writer.write(statePost)} label={t('pm.ui.statePost', { a: A.name, b: B.name })} />
      )}
      <div class="small" role="status">
        {status}
      </div>
      <SaveError error={saveError} />
      <Checks checks={shownChecks(gameChecks(pageChecks, starts, gameFrom, game.until), readerChecks(game, bare))} />
      {mine === null && A && B && <p class="small muted">{t('pm.ui.spectator')}</p>}
    </section>
  );
}
