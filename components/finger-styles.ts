/**
 * A finger's targets on a narrow page (appended last to PANEL_STYLES): below 480 px every control
 * of the panel, the Turns popup, Options and the welcome page is at least 44 × 44 px, as a fingertip
 * needs (issue 43); wider pages, on a desktop with a mouse, keep their denser controls. The tabs
 * wrap to a second row rather than scroll, so every tab stays in sight; a checkbox's or a radio's
 * label is its target, so the label is 44 px tall.
 */
export const FINGER_STYLES = `
@media (max-width:479px){
  .ss button,.ss .btn,.ss select,.ss input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=file]),.ss a.btn,.ss [role=button],.ss [role=tab]{min-height:44px;min-width:44px}
  .ss .badge{min-height:44px;align-content:center}
  .tabs [role=tab]{padding:6px}
  .panel summary,.ss details>summary{min-height:44px;display:flex;align-items:center;gap:6px}
  .panel summary::before,.ss details>summary::before{content:'▸';flex:none}
  .panel details[open]>summary::before,.ss details[open]>summary::before{content:'▾'}
  .ss summary::-webkit-details-marker{display:none}
  .ss summary{list-style:none}
  .ss label:has(>input[type=checkbox]),.ss label:has(>input[type=radio]){min-height:44px;align-items:center;flex-wrap:nowrap}
  .ss label:not(.row):not(.field):not(.check):has(>input[type=checkbox],>input[type=radio]){display:flex;column-gap:8px}
  .ss label.field:has(>input[type=checkbox]),.ss label.field:has(>input[type=radio]){flex-direction:row;gap:8px}
  .steps{gap:8px}
  .steps .linkish{min-height:44px;font-size:12px}
  .filters{gap:8px}
  .duel-stats{align-items:center}
  .whatif button,.pop .close{width:44px;height:44px}
}
`;
