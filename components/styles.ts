/** The styles every in-page badge's shadow root has (the content script's: kept small). */
export const BADGE_STYLES = `
:host{all:initial;display:inline}
.badge span:empty{display:none}
.sr-only{position:absolute!important;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.ss{--bg:#fff;--fg:#1d1f23;--muted:#5d636b;--line:#d5d8dc;--soft:#f3f4f6;--accent:#5b3fd1;
--ok:#17703a;--ok-bg:#e3f5e9;--total:#1d5f8c;--total-bg:#e2eff8;--typed:#7a5200;--typed-bg:#fbefd5;--bad:#b3261e;--bad-bg:#fbe3e1;--rules:#8a3f00;--rules-bg:#fde7d4;
color-scheme:light;font:13px/1.45 system-ui,sans-serif;color:var(--fg)}
.ss[data-theme=dark]{--bg:#1e2026;--fg:#e8eaed;--muted:#a3a9b1;--line:#3b3f47;--soft:#2a2d34;--accent:#a995ff;
--ok:#7ddc9b;--ok-bg:#173524;--total:#8cc4ec;--total-bg:#16303f;--typed:#f0c46a;--typed-bg:#3b2e10;--bad:#ff9a90;--bad-bg:#42201d;--rules:#ffb77a;--rules-bg:#3d2410;color-scheme:dark}
.ss *{box-sizing:border-box}
.ss button{font:inherit;color:inherit}
.ss :focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.badge{display:inline-flex;flex-wrap:wrap;align-items:center;gap:0 6px;margin:0 4px;padding:1px 8px;border-radius:12px;border:1px solid;cursor:pointer;font-size:12px;line-height:18px;vertical-align:baseline;max-width:100%;text-align:start}
.badge>span{min-width:0}
.badge .b-icon{font-weight:700}
.badge .b-kind{font-weight:600}
.badge .b-rules{color:var(--rules);background:var(--rules-bg);border:1px solid var(--rules);border-radius:999px;padding:0 6px;font-weight:700;font-size:11px}
.badge .b-trust{font-size:11px;opacity:.9;text-transform:uppercase;letter-spacing:.03em}
.t-verified{color:var(--ok);background:var(--ok-bg);border-color:var(--ok)}
.t-total-only{color:var(--total);background:var(--total-bg);border-color:var(--total)}
.t-typed{color:var(--typed);background:var(--typed-bg);border-color:var(--typed);border-style:dashed}
.t-unchecked{color:var(--typed);background:var(--soft);border-color:var(--line);border-style:dotted}
.t-mismatch{color:var(--bad);background:var(--bad-bg);border-color:var(--bad);border-width:2px}
.t-sheet{color:var(--accent);background:var(--soft);border-color:var(--accent)}
.host-wrap{position:relative;display:inline-block;max-width:100%;vertical-align:top}
.btn{border:1px solid var(--line);background:var(--soft);border-radius:6px;padding:4px 10px;cursor:pointer;min-height:24px;min-width:24px}
.btn.primary{background:var(--accent);border-color:var(--accent);color:#fff}
.ss[data-theme=dark] .btn.primary{color:#14101f}
`;
