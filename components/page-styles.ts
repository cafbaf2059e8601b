import { FINGER_STYLES } from './finger-styles';
import { CARD_STYLES } from './games/parlor/cards/styles';
import { PANEL_LAYOUT_STYLES } from './panel-layout-styles';
import { BADGE_STYLES } from './styles';

/** The styles of what opens from a badge (a roll's or a sheet's detail): added by the extras with it. */
export const DETAIL_STYLES = `
.ss{--die:#eceef1;--die-fg:#1d1f23;--die-hit:#17703a;--die-hit-fg:#fff;--die-one:#b3261e}
.ss[data-theme=dark]{--die:#353942;--die-fg:#e8eaed;--die-hit:#2ea863;--die-hit-fg:#06170d;--die-one:#ff8a80}
.table-why{display:block;margin:2px 0 4px}
.pop h3{margin:0 0 6px;font-size:14px}
.pop .close{position:absolute;top:6px;right:8px;border:0;background:none;cursor:pointer;font-size:16px;color:var(--muted)}
.muted{color:var(--muted)}
.row{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.btn:disabled{opacity:.45;cursor:not-allowed}
.ss input,.ss select,.ss textarea{font:inherit;color:inherit}
.t-rules{color:var(--rules);background:var(--rules-bg);border-color:var(--rules);border-style:double;border-width:3px}
.badge[aria-pressed=true]{box-shadow:0 0 0 2px var(--accent)}
.pop{position:relative;display:block;margin:6px 0;width:min(380px,90vw);background:var(--bg);color:var(--fg);border:1px solid var(--line);border-radius:10px;box-shadow:0 8px 28px rgba(0,0,0,.22);padding:12px 14px;white-space:normal}
.small{font-size:12px}
.dice{display:flex;flex-wrap:wrap;gap:4px;margin:6px 0}
.die{width:28px;height:28px;border-radius:6px;display:inline-flex;flex-direction:column;align-items:center;justify-content:center;background:var(--die);color:var(--die-fg);font-weight:700;font-size:13px;border:2px solid transparent;line-height:1}
.die.hit{background:var(--die-hit);color:var(--die-hit-fg)}
.die.one{border-color:var(--die-one)}
.die small{font-size:8px;font-weight:400;opacity:.85}
.verdict{border-left:4px solid;padding:4px 8px;margin:8px 0;border-radius:4px}
.verdict ul{margin:2px 0 0 16px;padding:0}
.chart{display:block;margin:6px 0}
.chart text{font-size:9px;fill:var(--muted)}
.bar{fill:var(--line)}
.bar.pass{fill:var(--die-hit)}
.bar.rolled{stroke:var(--fg);stroke-width:1.5}
.diffline{stroke:var(--bad);stroke-dasharray:3 2}
.whatif{display:flex;align-items:center;gap:6px;margin-top:6px}
.whatif button{width:26px;height:26px;border-radius:6px;border:1px solid var(--line);background:var(--soft);cursor:pointer}
.whatif input[type=range]{flex:1}
.findings{margin:6px 0 0;padding:0;list-style:none;max-height:260px;overflow:auto}
.findings li{padding:3px 0;border-bottom:1px solid var(--line)}
.sev{display:inline-block;min-width:44px;font-size:10px;text-transform:uppercase;font-weight:700}
.sev-error{color:var(--bad)}.sev-warning{color:var(--typed)}.sev-info{color:var(--muted)}
.list{list-style:none;margin:0;padding:0}
.list li{margin:4px 0}
.ok{color:var(--ok)}
.error{color:var(--bad)}
.stat{font-size:18px;font-weight:700}
`;

/** The styles of the in-page UI (badges, details, in shadow roots); the extension pages add PANEL_STYLES. */
export const STYLES = BADGE_STYLES + DETAIL_STYLES;

/** Extra styles for the side panel and the options page. */
export const PANEL_STYLES = `
.unseen{position:relative;height:0;overflow:hidden;visibility:hidden;margin:0;padding:0;border:0}
.clock{margin:6px 0}
.clock-time{font:700 22px/1.1 ui-monospace,SFMono-Regular,Menlo,monospace;font-variant-numeric:tabular-nums}
.clock.urgent .clock-time{color:var(--bad)}
.clock-bar{height:6px;background:var(--soft);border:1px solid var(--line);border-radius:3px;overflow:hidden;margin:4px 0}
.clock-bar span{display:block;height:100%;background:var(--accent)}
.clock.urgent .clock-bar span{background:var(--bad)}
/* Form controls and the browser's own widgets in the theme (extension pages only: the in-page UI has none of these). */
.ss select,.ss textarea,.ss input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=file]){border:1px solid var(--line);background:var(--bg);color:var(--fg);border-radius:6px;padding:3px 6px;min-height:28px;box-sizing:border-box}
.ss input[type=checkbox],.ss input[type=radio]{width:20px;height:20px;margin:2px;flex:none}
.ss[data-theme=dark]{color-scheme:dark}
.ss[data-theme=light]{color-scheme:light}

.panel{background:var(--bg);color:var(--fg);min-height:100vh;padding:10px 12px;display:block}
.panel-title{font-size:15px;margin:0}
.tabs{display:flex;gap:2px;border-bottom:1px solid var(--line);margin-bottom:10px;flex-wrap:wrap}
.tabs [role=tab]{border:0;background:none;padding:6px 10px;cursor:pointer;border-bottom:3px solid transparent;color:var(--muted)}
.tabs [role=tab][aria-selected=true]{color:var(--fg);border-bottom-color:var(--accent);font-weight:600}
.card{border:1px solid var(--line);border-radius:8px;padding:8px 10px;margin:6px 0;background:var(--bg)}
.field{display:flex;flex-direction:column;gap:2px;margin:6px 0}
.field input,.field select,.field textarea{border:1px solid var(--line);background:var(--bg);border-radius:6px;padding:4px 6px}
textarea.mono,.mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
.preview{border:1px dashed var(--line);border-radius:6px;padding:8px;background:var(--soft);white-space:normal;overflow-wrap:anywhere}
.preview .r-red{color:#c62828}.preview .r-green{color:#2e7d32}.preview .r-blue{color:#1565c0}.preview .r-orange{color:#a84300}
.ss[data-theme=dark] .preview .r-red{color:#ff8a80}.ss[data-theme=dark] .preview .r-green{color:#81c784}.ss[data-theme=dark] .preview .r-blue{color:#90caf9}.ss[data-theme=dark] .preview .r-orange{color:#ffb74d}
.preview .r-roll{border-bottom:1px dotted #e95000}
.preview .r-private{color:var(--muted);font-style:italic}
.preview pre,.preview .r-code{white-space:pre-wrap;margin:0}
.filters{display:flex;gap:6px;flex-wrap:wrap;margin-bottom:6px}
.board{border-collapse:collapse;font-size:12px;width:100%}
.board th,.board td{border-bottom:1px solid var(--line);padding:2px 4px;text-align:left;vertical-align:top}
.slot{display:inline-block;min-width:14px;height:14px;border-radius:3px;margin:1px;font-size:9px;line-height:14px;text-align:center;color:#fff}
.slot.hand{background:#2e7d32}.slot.discard{background:#c62828}.slot.none{background:#1565c0;opacity:.55}
.ss[data-theme=dark] .slot.hand{background:#43a047}.ss[data-theme=dark] .slot.discard{background:#e53935}.ss[data-theme=dark] .slot.none{background:#42a5f5;color:#06121f}
.sparks{font-size:20px;font-weight:700}
.duel-stats{display:grid;grid-template-columns:max-content 1fr;gap:2px 10px;margin:6px 0 0;font-size:12px}
.duel-stats dt{color:var(--muted)}.duel-stats dd{margin:0;display:flex;align-items:center;gap:6px;flex-wrap:wrap}
.meter{display:inline-block;width:70px;height:8px;border-radius:4px;background:var(--line);overflow:hidden;vertical-align:middle}
.meter span{display:block;height:100%;background:var(--die-hit)}
.steps{display:flex;flex-wrap:wrap;gap:2px;list-style:none;margin:6px 0 0;padding:0;counter-reset:step}
.steps li{counter-increment:step}
.steps .linkish{border:1px solid var(--line);background:var(--bg);border-radius:999px;padding:1px 8px;font-size:11px;cursor:pointer;color:var(--muted)}
.steps .linkish::before{content:counter(step) '. '}
.steps li.done .linkish{color:var(--fg)}
.steps li.current .linkish{background:var(--accent);border-color:var(--accent);color:#fff;font-weight:700}
.ss[data-theme=dark] .steps li.current .linkish{color:#14101f}
.panel .findings{max-height:none;overflow:visible}
.alert{border-left:4px solid var(--rules);padding:4px 8px;background:var(--rules-bg)}
${PANEL_LAYOUT_STYLES}${CARD_STYLES}${FINGER_STYLES}`;
