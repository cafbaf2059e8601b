/**
 * The extension pages on every width (appended to PANEL_STYLES): nothing wider than the window,
 * no word or number broken inside itself, targets of at least 24 px. Below 480 px a table in a
 * post's preview (the duel's state post) is set tighter, the preview reaches the panel's edges, and
 * cells break only between words; numbers such as "14/15" never break.
 */
export const PANEL_LAYOUT_STYLES = `
.ss select{max-width:100%;min-width:0;text-overflow:ellipsis}
.row>.field,.row>label{min-width:0;max-width:100%}
.panel summary,.ss details>summary{min-height:24px;padding:3px 0;box-sizing:border-box;cursor:pointer}
.steps{gap:4px}
.steps .linkish{min-height:24px;padding:3px 9px}
.preview{overflow-wrap:break-word}
.preview table{border-collapse:collapse;max-width:100%}
.preview th,.preview td{overflow-wrap:normal;word-break:keep-all;hyphens:manual;padding:2px 6px;text-align:left;vertical-align:top}
.preview td:not(:first-child),.preview th{white-space:nowrap}
.board td,.board th,.duel-stats dd,.clock-time,.pc-count{overflow-wrap:normal;word-break:keep-all}
@media (max-width:479px){
  .panel{padding:8px}
  .panel .preview{margin-inline:-8px;border-radius:0;border-inline:0;padding:6px 4px}
  .preview table{font-size:11px}
  .preview th,.preview td{padding:2px}
  .preview th{white-space:normal}
  .preview td:not(:first-child){white-space:normal}
}
`;
