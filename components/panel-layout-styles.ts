/**
 * The extension pages on every width (appended to PANEL_STYLES): nothing wider than the window,
 * no word or number broken inside itself, targets of at least 24 px. Below 480 px a table in a
 * post's preview whose first row is its headers (the duel's state post) stands as one card per row
 * of labelled lines; other tables are set tighter, the preview reaches the panel's edges, and
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
  .preview table.stack,.preview table.stack tbody,.preview table.stack tr{display:block;width:100%}
  .preview table.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
  .preview table.stack tbody tr{border:1px solid var(--line);border-radius:6px;margin:0 0 6px;padding:2px 6px}
  .preview table.stack td,.preview table.stack th{display:flex;justify-content:space-between;gap:8px;padding:2px 0;font-size:12px;white-space:normal;text-align:right}
  .preview table.stack td:first-child,.preview table.stack th:first-child{font-weight:700;text-align:left}
  .preview table.stack td[data-label]:not(:first-child)::before{content:attr(data-label);font-weight:600;text-align:left;white-space:nowrap}
}
`;
