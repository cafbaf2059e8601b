/**
 * The duel view: per duelist, the sheet in use, Life under the stakes, Toughness and its wear,
 * staggered, lands per colour against the cap, the pending +1s, hand against Memory; the
 * initiative; every value a roll decided links to that roll. The user marks where a new duel starts.
 */
import { useState } from 'preact/hooks';
import type { DuelistView, DuelView } from '../../lib/games/spark-d10/view';

const LIFE_STATE: Record<NonNullable<DuelistView['lifeState']>, string> = {
  fighting: 'fighting',
  incapacitated: 'incapacitated (0 Life or below)',
  'duel-lost': 'has lost the duel',
  dead: 'dead',
};

function Decided({ id, onJump, label }: { id: string | undefined; onJump: (id: string) => void; label: string }) {
  if (!id) return null;
  return (
    <button type="button" class="btn small" style="padding:0 6px" aria-label={`${label}: go to the roll that decided it`} title="Go to the roll that decided it" onClick={() => onJump(id)}>
      ↗ #{id.split('-')[0]}
    </button>
  );
}

function Bar({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return (
    <span class="meter" role="img" aria-label={`${label}: ${value} of ${max}`}>
      <span style={`width:${pct}%`} />
    </span>
  );
}

export function DuelTab({
  duel,
  posts,
  newDuelAt,
  onJump,
  onMarkNewDuel,
}: {
  duel: DuelView | null;
  posts: number[];
  newDuelAt: number[];
  onJump: (id: string) => void;
  onMarkNewDuel: (posts: number[]) => void;
}) {
  const [mark, setMark] = useState('');
  if (!duel) return <p>Open a Spark d10 duel thread to see its state here.</p>;
  return (
    <section aria-label="The duel" data-testid="duel-view">
      {duel.startsAt > 1 && <p class="small muted">This duel starts at post #{duel.startsAt} (marked by you).</p>}
      {duel.initiative.length > 0 && (
        <div class="card small" data-testid="initiative">
          <b>Initiative</b>
          <ol style="margin:4px 0 0 18px;padding:0">
            {duel.initiative.map((s) => (
              <li key={s.name}>
                {s.name}: {s.successes} {s.successes === 1 ? 'success' : 'successes'}, faces {s.faceSum}
                {s.tiedWith.length ? ` — tied with ${s.tiedWith.join(', ')}: roll again` : ''}
              </li>
            ))}
          </ol>
        </div>
      )}
      {duel.duelists.length === 0 && <p class="muted">No duelist yet: the state starts with the first Speed roll or sheet.</p>}
      {duel.duelists.map((d) => (
        <article key={d.name} class="card" data-duelist={d.name} data-life={d.life ?? ''} data-toughness={d.toughness ?? ''} data-staggered={String(d.staggered)}>
          <h3 style="margin:0 0 4px;font-size:14px">
            {d.name} {d.staggered && <span class="badge t-rules" style="cursor:default">staggered</span>}
          </h3>
          <div class="small muted">{d.sheet ? `Sheet: ${d.sheet}` : 'No sheet in this thread yet: pools are not checked.'}</div>
          <dl class="duel-stats">
            <dt>Life</dt>
            <dd>
              <b>{d.life ?? '—'}</b>
              {d.lifeStart !== null && ` of ${d.lifeStart}`}
              {d.life !== null && d.lifeStart !== null && <Bar value={d.life} max={d.lifeStart} label="Life" />}
              {d.lifeState && d.lifeState !== 'fighting' && <span class="error"> {LIFE_STATE[d.lifeState]}</span>}
              <Decided id={d.decidedBy.life} onJump={onJump} label="Life" />
            </dd>
            <dt>Toughness</dt>
            <dd>
              <b>{d.toughness ?? '—'}</b>
              {d.toughnessBase !== null && ` of ${d.toughnessBase}`}
              {d.wear > 0 && ` (worn by ${d.wear})`}
              <Decided id={d.decidedBy.toughness} onJump={onJump} label="Toughness" />
            </dd>
            {d.lands.map((l) => (
              <>
                <dt key={`${l.colour}-t`}>{l.colour} lands</dt>
                <dd key={`${l.colour}-d`} data-colour={l.colour} data-lands={l.count}>
                  {l.count}
                  {l.cap !== null && ` / ${l.cap}`}
                  {l.cap !== null && <Bar value={l.count} max={l.cap} label={`${l.colour} lands`} />}
                  <Decided id={d.decidedBy[`lands.${l.colour}`]} onJump={onJump} label={`${l.colour} lands`} />
                </dd>
              </>
            ))}
            {d.manaReservoir !== null && (
              <>
                <dt>Mana Reservoir</dt>
                <dd>{d.manaReservoir}</dd>
              </>
            )}
            <dt>Next Channeling</dt>
            <dd>
              {d.pendingPlus ? `+${d.pendingPlus} per die (failed ${d.pendingPlus === 1 ? 'draw' : 'draws'})` : 'no carried +1'}
              <Decided id={d.decidedBy.pending} onJump={onJump} label="Carried +1" />
            </dd>
            {(d.hand !== null || d.memory !== null) && (
              <>
                <dt>Hand</dt>
                <dd>
                  {d.hand ?? '?'} {d.memory !== null && `/ Memory ${d.memory}`}
                  {d.hand !== null && d.memory !== null && d.hand > d.memory && <span class="error"> — discard {d.hand - d.memory} at End</span>}
                </dd>
              </>
            )}
            {d.focus !== null && (
              <>
                <dt>Focus</dt>
                <dd>{d.focus} each: creatures, creature counters, artifacts and enchantments</dd>
              </>
            )}
          </dl>
        </article>
      ))}
      <details class="small">
        <summary>A new duel in this thread</summary>
        <p>A thread is one duel unless you mark the post where a new one starts: the state starts again there.</p>
        <div class="row">
          <label class="field small">
            New duel from post
            <select value={mark} onChange={(e) => setMark((e.target as HTMLSelectElement).value)}>
              <option value="">choose a post</option>
              {posts.map((p) => (
                <option key={p} value={p}>
                  #{p}
                </option>
              ))}
            </select>
          </label>
          <button type="button" class="btn" disabled={!mark} onClick={() => onMarkNewDuel([...newDuelAt, Number(mark)])}>
            Mark
          </button>
          {newDuelAt.length > 0 && (
            <button type="button" class="btn" onClick={() => onMarkNewDuel([])}>
              Clear marks ({newDuelAt.map((n) => `#${n}`).join(', ')})
            </button>
          )}
        </div>
      </details>
    </section>
  );
}
