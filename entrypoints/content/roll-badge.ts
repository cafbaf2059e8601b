/** A roll badge on a page: plain DOM for the badge; its detail, once opened, made by the extras (loaded then). */
import { badgeTemplate, fillRollBadge } from '../../components/badge-dom';
import type { DetailAction } from '../../components/roll-detail';
import type { RollView } from '../../lib/view';
import { createHost, shadowRootElement, type Theme } from './mount';
import { errorText } from '../../lib/errors';

export function rollAttributes(v: RollView): Record<string, string | number | null | undefined> {
  return {
    'data-post': v.post,
    'data-kind': v.kind,
    'data-successes': v.successes,
    'data-outcome': v.outcome,
    'data-trust': v.trust,
    'data-roll-id': v.id,
    'data-cautions': v.cautions.length,
    'data-rules': v.rules.length,
    'data-lands': v.lands,
    'data-pending': v.pending && 1,
  };
}

let template: HTMLElement | undefined;

export interface MountedBadge {
  host: HTMLElement;
  update(view: RollView): void;
}

/** Makes a roll's detail (components/roll-detail, in the extras); `prepare` starts loading it before it is asked for. */
export interface DetailMaker {
  make(doc: Document, view: RollView, onClose: () => void, actions: readonly DetailAction[]): Promise<HTMLElement>;
  prepare(): void;
}

export function mountRollBadge(
  kind: string,
  view: RollView,
  theme: Theme,
  extra: Record<string, string | number | null | undefined> = {},
  actions: readonly DetailAction[],
  details: DetailMaker,
): MountedBadge {
  const { host, shadow } = createHost(kind, { ...rollAttributes(view), ...extra });
  // One prepared tree (themed root, wrapper, badge, detail slot), cloned: a long thread makes hundreds.
  if (!template || template.dataset.theme !== theme) {
    template = shadowRootElement(document.createElement('div').attachShadow({ mode: 'open' }), theme);
    const wrap = document.createElement('span');
    wrap.className = 'host-wrap';
    wrap.append(badgeTemplate(document), document.createElement('span'));
    template.appendChild(wrap);
  }
  const root = template.cloneNode(true) as HTMLElement;
  const button = root.firstChild!.firstChild as HTMLButtonElement;
  const detail = root.firstChild!.lastChild as HTMLSpanElement;
  shadow.appendChild(root);
  let current = view;
  let open = false;
  /** Counts the detail's renderings: one that comes after a newer one (or after a close) is dropped. */
  let shown = 0;
  const setOpen = (next: boolean, focus = true) => {
    open = next;
    fillRollBadge(button, current, open);
    const turn = ++shown;
    if (!open) {
      detail.replaceChildren();
      return;
    }
    const close = () => {
      setOpen(false);
      button.focus();
    };
    details.make(document, current, close, actions).then(
      (pop) => {
        if (turn !== shown) return;
        detail.replaceChildren(pop);
        if (focus) pop.focus();
      },
      (e: unknown) => {
        if (turn !== shown) return;
        // Said where the detail would be, in the badge's own words (a note, not a verdict).
        const note = document.createElement('span');
        note.className = 'badge t-sheet';
        note.setAttribute('role', 'alert');
        note.textContent = `⚠ ${errorText(e)}`;
        detail.replaceChildren(note);
      },
    );
  };
  // The detail's code comes with the extras: asked for as soon as a reader points at or tabs to a badge.
  button.addEventListener('pointerenter', details.prepare, { once: true });
  button.addEventListener('focus', details.prepare, { once: true });
  // Shift+click (or Shift+Enter) runs the first action at once: for a thread's roll, "Put in my reply".
  button.addEventListener('click', (e) => {
    const quick = actions[0];
    if (e.shiftKey && quick) {
      void quick.run().then((message) => (button.title = message));
      return;
    }
    setOpen(!open);
  });
  fillRollBadge(button, view, false);
  return {
    host,
    update(v) {
      current = v;
      for (const [k, val] of Object.entries(rollAttributes(v))) {
        if (val === null || val === undefined) host.removeAttribute(k);
        else host.setAttribute(k, String(val));
      }
      if (open) setOpen(true, false);
      else fillRollBadge(button, current, false);
    },
  };
}
