/**
 * The current thread's part of the Turns tab: Follow (on by itself where you hold a game's secret
 * or a bound sheet for the thread, or posted a roll in it), and for a followed thread the GM, the
 * GM's pace rule (hours, weekends counted or not, the zone it is set in), the cast, the name you go
 * by on the forum, and an "away until" line to post.
 */
import { useState } from 'preact/hooks';
import type { ForumWriter } from '../../lib/forums/writer';
import { line } from '../../lib/post/doc';
import { awayLine } from '../../lib/turns/away';
import { type Followed, FollowedSchema, type FollowStore, gmOf } from '../../lib/turns/followed';
import { MAX_PACE_HOURS, type PaceRule } from '../../lib/turns/pace';
import { castOf, nameKey } from '../../lib/turns/turns';
import { isZone } from '../../lib/turns/zone';
import { PostButtons, type PostIO } from '../panel/PostButtons';
import { t } from '../locale';
import { readerZone } from './Nudge';
import type { TurnsSource } from './source';

export interface ThreadFacts {
  key: string;
  forum: string;
  forumName: string;
  url: string;
  title: string;
}

type Change = (f: Followed) => Followed;

/** A text field saved when it is left (or Enter): its label, its value, and what it is saved as. */
function SavedField({
  label,
  value,
  placeholder,
  save,
  list,
}: {
  label: string;
  value: string;
  placeholder?: string;
  save: (v: string) => void;
  list?: string;
}) {
  return (
    <label class="field">
      {label}
      <input
        value={value}
        placeholder={placeholder}
        list={list}
        maxLength={120}
        onChange={(e) => save((e.target as HTMLInputElement).value)}
        onKeyDown={(e) => e.key === 'Enter' && save((e.target as HTMLInputElement).value)}
      />
    </label>
  );
}

function PaceFields({ pace, change }: { pace: PaceRule | null; change: (c: Change) => void }) {
  const set = (p: PaceRule | null) => change((f) => ({ ...f, pace: p }));
  const hours = (v: string) => {
    const n = Number(v);
    if (!v.trim() || !Number.isFinite(n) || n <= 0) return set(null);
    set({ hours: Math.min(MAX_PACE_HOURS, n), weekends: pace?.weekends ?? true, zone: pace?.zone ?? readerZone() });
  };
  return (
    <fieldset class="card" data-testid="pace">
      <legend>{t('tu.pace')}</legend>
      <label class="field">
        {t('tu.pace.hours')}
        <input
          type="number"
          min={0}
          max={MAX_PACE_HOURS}
          step={1}
          value={pace?.hours ?? ''}
          placeholder={t('tu.pace.none')}
          onChange={(e) => hours((e.target as HTMLInputElement).value)}
        />
      </label>
      {pace && (
        <>
          <label class="check">
            <input type="checkbox" checked={pace.weekends} onChange={(e) => set({ ...pace, weekends: (e.target as HTMLInputElement).checked })} />
            {t('tu.pace.weekends')}
          </label>
          <SavedField label={t('tu.pace.zone')} value={pace.zone} save={(z) => (isZone(z.trim()) ? set({ ...pace, zone: z.trim() }) : set({ ...pace }))} />
          <p class="small muted">{t('tu.pace.zoneHelp')}</p>
        </>
      )}
    </fieldset>
  );
}

function CastEditor({ f, change }: { f: Followed; change: (c: Change) => void }) {
  const [name, setName] = useState('');
  const gm = gmOf(f);
  const cast = castOf(
    f.posts.map((p) => ({ number: p.number, author: p.author })),
    gm,
    f.cast,
  );
  const add = () => {
    const n = name.trim().slice(0, 120);
    if (!n) return;
    change((x) => ({
      ...x,
      cast: { add: [...x.cast.add.filter((a) => nameKey(a) !== nameKey(n)), n], remove: x.cast.remove.filter((r) => nameKey(r) !== nameKey(n)) },
    }));
    setName('');
  };
  const remove = (n: string) =>
    change((x) => ({
      ...x,
      cast: { add: x.cast.add.filter((a) => nameKey(a) !== nameKey(n)), remove: [...x.cast.remove.filter((r) => nameKey(r) !== nameKey(n)), n] },
    }));
  const putBack = (n: string) => change((x) => ({ ...x, cast: { ...x.cast, remove: x.cast.remove.filter((r) => nameKey(r) !== nameKey(n)) } }));
  return (
    <fieldset class="card" data-testid="cast">
      <legend>{t('tu.cast')}</legend>
      <p class="small muted">{t('tu.cast.help')}</p>
      <ul class="list">
        {cast.map((n) => (
          <li key={n} class="row">
            <span>{n}</span>
            <button type="button" class="btn small" aria-label={t('tu.cast.removeName', { name: n })} onClick={() => remove(n)}>
              {t('common.remove')}
            </button>
          </li>
        ))}
        {f.cast.remove.map((n) => (
          <li key={`-${n}`} class="row muted">
            <s>{n}</s>
            <button type="button" class="btn small" aria-label={t('tu.cast.putBackName', { name: n })} onClick={() => putBack(n)}>
              {t('tu.cast.putBack')}
            </button>
          </li>
        ))}
      </ul>
      <div class="row">
        <label class="field">
          {t('tu.cast.add')}
          <input value={name} maxLength={120} onInput={(e) => setName((e.target as HTMLInputElement).value)} onKeyDown={(e) => e.key === 'Enter' && add()} />
        </label>
        <button type="button" class="btn" onClick={add} disabled={!name.trim()}>
          {t('tu.cast.addButton')}
        </button>
      </div>
    </fieldset>
  );
}

function AwayLine({ writer, io }: { writer: ForumWriter; io: PostIO }) {
  const [date, setDate] = useState('');
  const [status, setStatus] = useState('');
  const text = /^\d{4}-\d{2}-\d{2}$/.test(date) ? writer.write([line(awayLine(date))]) : '';
  return (
    <fieldset class="card" data-testid="away">
      <legend>{t('tu.away.legend')}</legend>
      <label class="field">
        {t('tu.away.until')}
        <input type="date" value={date} onInput={(e) => setDate((e.target as HTMLInputElement).value)} />
      </label>
      {text && <p class="small mono">{text}</p>}
      <PostButtons text={text} {...io} setStatus={setStatus} />
      <p class="small" role="status">
        {status}
      </p>
    </fieldset>
  );
}

/** Follow, and a followed thread's settings. */
export function ThreadControls({
  facts,
  store,
  source,
  writer,
  io,
}: {
  facts: ThreadFacts;
  store: FollowStore;
  source: TurnsSource;
  writer: ForumWriter;
  io: PostIO;
}) {
  const [problem, setProblem] = useState('');
  const f = store.threads[facts.key] ?? null;
  const saved = (p: Promise<unknown>) =>
    void p.then(
      () => setProblem(''),
      (e: unknown) => setProblem(t('common.notSaved', { reason: String((e as Error)?.message ?? e) })),
    );
  const change = (c: Change) => saved(source.changeThread(facts.key, (x) => (x ? c(x) : x)));
  const base = FollowedSchema.parse({ key: facts.key, forum: facts.forum, url: facts.url, title: facts.title.slice(0, 300), on: true, followedAt: Date.now() });
  return (
    <section class="card" aria-labelledby="tu-this" data-testid="this-thread">
      <h2 id="tu-this">{t('tu.thisThread')}</h2>
      <label class="check">
        <input
          type="checkbox"
          data-testid="follow"
          checked={!!f?.on}
          onChange={(e) => saved(source.follow(f ?? base, (e.target as HTMLInputElement).checked))}
        />
        {t('tu.follow')}
      </label>
      {f?.on && f.auto && <p class="small muted">{t(`tu.auto.${f.auto}`)}</p>}
      {problem && (
        <p class="alert small" role="alert">
          {problem}
        </p>
      )}
      {f?.on && (
        <>
          <SavedField
            label={t('tu.gm')}
            value={f.gm ?? ''}
            placeholder={f.gmSeen ?? ''}
            save={(v) => change((x) => ({ ...x, gm: v.trim().slice(0, 120) || null }))}
          />
          <PaceFields pace={f.pace} change={change} />
          <CastEditor f={f} change={change} />
          <SavedField
            label={t('tu.youOn', { forum: facts.forumName })}
            value={store.you[facts.forum] ?? ''}
            save={(v) => saved(source.setYou(facts.forum, v))}
          />
        </>
      )}
      <AwayLine writer={writer} io={io} />
    </section>
  );
}
