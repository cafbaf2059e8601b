/**
 * The seed's clocks in the Match tab: the player who must act has a countdown; when it runs out
 * the tracker applies the seed's consequence itself (marked "by the clock", undone like any move).
 * The host pauses, resumes and restarts it; its lengths are the match's settings; its deadline is
 * stored with the match, so a clock that ran out while the panel was closed is applied on opening.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  type ClockRun,
  type ClockSettings,
  type ClockView,
  clockEvents,
  clockView,
  crossedMark,
  pauseRun,
  resumeRun,
  startRun,
  waitingFor,
} from '../../../lib/games/sparks-fly/clock';
import type { MatchState, SparksFlyEvent } from '../../../lib/games/sparks-fly/engine';
import { t } from '../../locale';

export interface MatchClockState {
  settings: ClockSettings;
  run: ClockRun | null;
}

const UNITS = [
  ['s', 1],
  ['min', 60],
  ['h', 3600],
  ['d', 86_400],
] as const;

/** Time left in words a player reads at a glance: 0:17, 12:05, 3 h 20 min, 2 d 4 h. */
export function timeLeft(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s >= 86_400) return t('clock.days', { d: Math.floor(s / 86_400), h: Math.floor((s % 86_400) / 3600) });
  if (s >= 3600) return t('clock.hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A short tone (the host can switch sounds off); silent where the page may not play sound. */
function beep(freq: number): void {
  try {
    const ctx = new AudioContext();
    const o = ctx.createOscillator();
    o.frequency.value = freq;
    o.connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + 0.18);
    o.onended = () => void ctx.close();
  } catch {
    /* no sound here */
  }
}

/** A length in seconds, edited as a number and a unit. */
function Length({ label, seconds, set }: { label: string; seconds: number; set: (s: number) => void }) {
  const unit = [...UNITS].reverse().find(([, n]) => seconds % n === 0) ?? UNITS[0];
  return (
    <label class="field small">
      {label}
      <span class="row">
        <input
          type="number"
          min={1}
          style="width:70px"
          value={seconds / unit[1]}
          onInput={(e) => {
            const v = Math.round(Number((e.target as HTMLInputElement).value));
            if (v >= 1) set(Math.min(30 * 86_400, v * unit[1]));
          }}
        />
        <select
          aria-label={t('clock.unit')}
          value={unit[0]}
          onChange={(e) => set((seconds / unit[1]) * UNITS.find(([u]) => u === (e.target as HTMLSelectElement).value)![1])}
        >
          {UNITS.map(([u]) => (
            <option key={u} value={u}>
              {t(`clock.unit.${u}`)}
            </option>
          ))}
        </select>
      </span>
    </label>
  );
}

/** What the screen reader hears of the clock (the time at the start and at a few marks), with a tone at 5 s and at zero. */
function useClockVoice(view: ClockView | null, runAt: number | undefined, sound: boolean): string {
  const [said, setSaid] = useState('');
  const lastLeft = useRef<number | null>(null);
  useEffect(() => {
    if (!view) {
      lastLeft.current = null;
      return;
    }
    const before = lastLeft.current;
    lastLeft.current = view.left;
    const who = view.waiting.players.join(t('clock.and'));
    const what = t(view.waiting.kind === 'decision' ? 'clock.decide' : 'clock.submit');
    if (before === null) setSaid(t('clock.starts', { who, what, left: timeLeft(view.left) }));
    else {
      const mark = crossedMark(before, view.left);
      if (mark !== null) setSaid(mark === 0 ? t('clock.out', { who }) : t('clock.left', { who, left: timeLeft(view.left) }));
      if (sound && (mark === 5000 || mark === 0)) beep(mark === 0 ? 440 : 880);
    }
  }, [view?.left, runAt]);
  return said;
}

/** The running clock: time left for whom, its bar, pause or resume, and restart. */
function ClockFace({ view, pauseOrResume, restart }: { view: ClockView; pauseOrResume: () => void; restart: () => void }) {
  const who = view.waiting.players.join(t('clock.and'));
  return (
    <div class={`clock${view.left <= 5000 ? ' urgent' : ''}`} data-left={Math.ceil(view.left / 1000)} data-running={view.running}>
      <span role="timer" aria-label={t('clock.timer', { who })} class="clock-time">
        {timeLeft(view.left)}
      </span>{' '}
      {t(view.waiting.kind === 'decision' ? 'clock.toDecide' : 'clock.toSubmit', { who })}
      <div class="clock-bar" aria-hidden="true">
        <span style={`width:${(100 * view.left) / view.total}%`} />
      </div>
      <div class="row">
        <button type="button" class="btn small" onClick={pauseOrResume}>
          {view.running ? t('clock.pause') : t('clock.resume')}
        </button>
        <button type="button" class="btn small" onClick={restart}>
          {t('clock.restart')}
        </button>
      </div>
    </div>
  );
}

/** The clocks' lengths and sound: the match's settings. */
function ClockSettingsFields({ settings, set }: { settings: ClockSettings; set: (s: ClockSettings) => void }) {
  return (
    <details>
      <summary>{t('clock.settings')}</summary>
      <Length label={t('clock.decision')} seconds={settings.decision} set={(decision) => set({ ...settings, decision })} />
      <Length label={t('clock.play')} seconds={settings.play} set={(play) => set({ ...settings, play })} />
      <label>
        <input type="checkbox" checked={settings.sound} onChange={(e) => set({ ...settings, sound: (e.target as HTMLInputElement).checked })} />{' '}
        {t('clock.sound')}
      </label>
    </details>
  );
}

export function MatchClock({
  match,
  events,
  clock,
  setClock,
  onExpire,
}: {
  match: MatchState;
  events: number;
  clock: MatchClockState;
  setClock: (c: MatchClockState) => void;
  /** Apply the clock's consequence; the next position's clock starts at `at`. */
  onExpire: (events: SparksFlyEvent[], at: number) => void;
}) {
  const [now, setNow] = useState(Date.now());
  const { settings, run } = clock;
  const waiting = waitingFor(match);

  useEffect(() => {
    if (!settings.on || !waiting) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [settings.on, !!waiting]);
  // A new position the match waits at: its clock starts now.
  useEffect(() => {
    if (settings.on && waiting && run?.at !== events) setClock({ settings, run: startRun(events, Date.now()) });
  }, [settings.on, events, !!waiting]);

  const view = clockView(match, events, run, settings, now);
  // Run out (now, or while the panel was closed): the seed's consequence, once.
  useEffect(() => {
    if (!view?.expired || !view.running || !run) return;
    onExpire(clockEvents(view.waiting), run.startedAt + run.paused + view.total);
  }, [view?.expired, run?.at, run?.startedAt]);
  const said = useClockVoice(view, run?.at, settings.sound);

  return (
    <fieldset class="card small" data-testid="sf-clock">
      <legend>{t('clock.legend')}</legend>
      <label>
        <input
          type="checkbox"
          checked={settings.on}
          onChange={(e) => setClock({ settings: { ...settings, on: (e.target as HTMLInputElement).checked }, run: null })}
        />{' '}
        {t('clock.on')}
      </label>
      {view && run && (
        <ClockFace
          view={view}
          pauseOrResume={() => setClock({ settings, run: view.running ? pauseRun(run, Date.now()) : resumeRun(run, Date.now()) })}
          restart={() => setClock({ settings, run: startRun(events, Date.now()) })}
        />
      )}
      <div class="sr-only" aria-live="polite">
        {said}
      </div>
      <ClockSettingsFields settings={settings} set={(next) => setClock({ settings: next, run })} />
    </fieldset>
  );
}
