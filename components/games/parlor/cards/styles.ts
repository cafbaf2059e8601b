/**
 * Parlor's cards, for the extension pages (appended to PANEL_STYLES). A card is 44 × 62 px; a
 * tapped one is turned in a slot as wide as it is tall, so the row around it never overlaps.
 */
export const CARD_STYLES = `
.ss{--pc-face:#fff;--pc-red:#b3261e;--pc-black:#1d1f23;--pc-back:#5b3fd1;--pc-back2:#8e7be6;--pc-w:44px;--pc-h:62px}
.ss[data-theme=dark]{--pc-face:#2a2d34;--pc-red:#ff9a90;--pc-black:#e8eaed;--pc-back:#4a3a9c;--pc-back2:#6d5cc4}
.pc-slot{display:inline-flex;flex-direction:column;align-items:center;vertical-align:top;border-radius:7px}
.pc-slot:focus-visible,.pc-pile:focus-visible,.pc-option:focus-visible,.pc-fan[role=img]:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.pc-turn{position:relative;display:flex;align-items:center;justify-content:center;width:var(--pc-w);height:var(--pc-h)}
.pc-slot[data-tapped] .pc-turn{width:var(--pc-h)}
.pc-slot[data-tapped] .pc{transform:rotate(90deg)}
.pc{box-sizing:border-box;position:relative;display:inline-block;flex:none;width:var(--pc-w);height:var(--pc-h);border:1px solid var(--line);border-radius:6px;background:var(--pc-face);color:var(--pc-black);font:700 13px/1 system-ui,sans-serif;box-shadow:0 1px 2px rgba(0,0,0,.18);white-space:nowrap}
.pc[data-colour=red],.pc-ech[data-colour=red]{color:var(--pc-red)}
.pc-corner{position:absolute;top:3px;left:4px;display:flex;flex-direction:column;align-items:center;gap:1px;font-size:12px}
.pc-pip{position:absolute;right:4px;bottom:4px;font-size:22px;line-height:1}
.pc-back{background:repeating-linear-gradient(45deg,var(--pc-back) 0 5px,var(--pc-back2) 5px 10px);border:3px solid var(--pc-face)}
.pc-empty{background:none;border:1px dashed var(--line);box-shadow:none}
.pc-mark{position:absolute;border-radius:999px;font:700 10px/1 system-ui,sans-serif;padding:2px 4px;pointer-events:none}
.pc-sick{top:-4px;right:-4px;width:12px;height:12px;padding:0;background:var(--typed-bg);border:2px dotted var(--typed)}
.pc-slot[data-sick] .pc{border-style:dashed;border-color:var(--typed)}
.pc-damage{bottom:3px;left:3px;background:var(--bad);color:var(--bg)}
.pc-echs{display:flex;flex-direction:column;align-items:stretch;width:var(--pc-w);margin-top:-2px}
.pc-ech{box-sizing:border-box;display:block;height:16px;margin-top:-1px;padding:1px 4px;border:1px solid var(--line);border-top:0;border-radius:0 0 6px 6px;background:var(--pc-face);color:var(--pc-black);font:700 11px/14px system-ui,sans-serif;white-space:nowrap}
.pc-row,.pc-fan{list-style:none;margin:4px 0;padding:2px;display:flex;flex-wrap:wrap;align-items:flex-start;gap:6px}
.pc-row li{margin:0}
.pc-fan{gap:0;padding-left:14px}
.pc-fan>*,.pc-fan>li{margin:0 0 0 -14px;transition:transform .12s}
.pc-fan>:nth-child(odd){transform:rotate(-2deg)}
.pc-fan>:nth-child(even){transform:rotate(2deg)}
.pc-fan>:focus-within{position:relative;z-index:1}
.pc-fan[role=listbox]{gap:6px;padding-left:2px}
.pc-fan[role=listbox]>*{margin-left:0}
.pc-option{cursor:pointer;border-radius:7px;padding-top:8px}
.pc-option[aria-selected=true]{padding-top:0;padding-bottom:8px}
.pc-option[aria-selected=true] .pc{box-shadow:0 0 0 3px var(--accent)}
.pc-option[aria-disabled=true] .pc{opacity:.55}
.pc-option:hover .pc{border-color:var(--accent)}
.pc-pile{position:relative;display:inline-flex;align-items:flex-end;gap:6px;border-radius:7px;padding:0 4px 4px 0}
.pc-pile[data-depth="2"] .pc,.pc-pile[data-depth="3"] .pc{box-shadow:2px 2px 0 -1px var(--pc-face),3px 3px 0 -1px var(--line)}
.pc-pile[data-depth="3"] .pc{box-shadow:2px 2px 0 -1px var(--pc-face),3px 3px 0 -1px var(--line),4px 4px 0 -1px var(--pc-face),5px 5px 0 -1px var(--line)}
.pc-count{display:flex;flex-direction:column;gap:3px;font:700 13px/1 system-ui,sans-serif;font-variant-numeric:tabular-nums;color:var(--fg);min-width:2ch}
.pc-caption{margin:8px 0 0}
.pc-captioned>.pc-row,.pc-captioned>.pc-fan{margin-top:2px}
.pc-pile-name{font-weight:400;font-size:12px;color:var(--muted)}
.pc-entity{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
.pc-entity>.row{flex:1 1 160px;min-width:0}
.pc-piles{display:flex;flex-wrap:wrap;gap:10px 14px;align-items:flex-end;margin:4px 0}
`;
