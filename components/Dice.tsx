import { clampModifier, successDistribution } from '../lib/dice/pool';

/** The faces of a roll as coloured dice: successes filled, 1s ringed (they wear Toughness). */
export function Faces({ faces, modifier }: { faces: readonly number[]; modifier: number }) {
  const m = clampModifier(modifier);
  return (
    <div class="dice" role="list" aria-label="Faces rolled">
      {faces.map((f, i) => {
        const hit = f + m >= 6;
        return (
          <span
            key={i}
            role="listitem"
            class={`die${hit ? ' hit' : ''}${f === 1 ? ' one' : ''}`}
            title={`${f}${m ? ` ${m > 0 ? '+' : '−'} ${Math.abs(m)} = ${f + m}` : ''}: ${hit ? 'success' : 'no success'}`}
            aria-label={`${f}${m ? ` with modifier, ${f + m}` : ''}, ${hit ? 'success' : 'no success'}`}
          >
            {f}
            {m !== 0 && <small>{f + m}</small>}
          </span>
        );
      })}
    </div>
  );
}

/** The exact distribution of successes as bars, the difficulty marked and the rolled result outlined. */
export function DistributionChart({ dice, modifier, difficulty, result }: { dice: number; modifier: number; difficulty: number | null; result: number | null }) {
  if (dice < 1 || dice > 200) return null;
  const dist = successDistribution(dice, modifier);
  const chance = difficulty === null ? null : dist.slice(difficulty).reduce((a, b) => a + b, 0);
  const width = 320;
  const height = 110;
  const top = 14;
  const bottom = 16;
  const max = Math.max(...dist);
  const bw = (width - 4) / dist.length;
  const label = `Chance of each number of successes with ${dice} dice${modifier ? ` at ${modifier > 0 ? '+' : ''}${modifier}` : ''}${
    chance !== null ? `; ${(chance * 100).toFixed(1)}% to reach ${difficulty}` : ''
  }${result !== null ? `; rolled ${result}` : ''}.`;
  return (
    <figure style="margin:6px 0">
      <svg class="chart" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
        {dist.map((p, k) => {
          const h = max ? ((height - top - bottom) * p) / max : 0;
          const pass = difficulty !== null && k >= difficulty;
          return (
            <g key={k}>
              <rect class={`bar${pass ? ' pass' : ''}${k === result ? ' rolled' : ''}`} x={2 + k * bw + 1} y={height - bottom - h} width={Math.max(1, bw - 2)} height={h}>
                <title>{`${k} successes: ${(p * 100).toFixed(2)}%`}</title>
              </rect>
              {(dist.length <= 21 || k % Math.ceil(dist.length / 20) === 0) && (
                <text x={2 + k * bw + bw / 2} y={height - 4} text-anchor="middle">
                  {k}
                </text>
              )}
            </g>
          );
        })}
        {difficulty !== null && difficulty <= dice && (
          <g>
            <line class="diffline" x1={2 + difficulty * bw} x2={2 + difficulty * bw} y1={top - 4} y2={height - bottom} />
            <text x={Math.min(width - 60, 4 + difficulty * bw)} y={top - 4}>{`needs ${difficulty}`}</text>
          </g>
        )}
      </svg>
      <figcaption class="small muted">
        {chance !== null ? (
          <span>
            <b>{(chance * 100).toFixed(1)}%</b> to reach {difficulty} with {dice} dice{modifier ? ` at ${modifier > 0 ? '+' : ''}${modifier}` : ''}.
          </span>
        ) : (
          <span>
            Successes with {dice} dice{modifier ? ` at ${modifier > 0 ? '+' : ''}${modifier}` : ''}.
          </span>
        )}
      </figcaption>
    </figure>
  );
}
