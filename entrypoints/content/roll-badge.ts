/** A roll badge on a page: plain DOM for the badge, Preact for the detail once it is opened. */
import { badgeTemplate, fillRollBadge } from '../../components/badge-dom';
import { rollDetail, type DetailAction } from '../../components/roll-detail';
import type { RollView } from '../../lib/view';
import { createHost, shadowRootElement, type Theme } from './mount';

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
  };
}

let template: HTMLElement | undefined;

export interface MountedBadge {
  host: HTMLElement;
  update(view: RollView): void;
}

export function mountRollBadge(
  kind: string,
  view: RollView,
  theme: Theme,
  extra: Record<string, string | number | null | undefined> = {},
  actions: readonly DetailAction[] = [],
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
  const setOpen = (next: boolean) => {
    open = next;
    fillRollBadge(button, current, open);
    if (open) {
      const pop = rollDetail(
        document,
        current,
        () => {
          setOpen(false);
          button.focus();
        },
        actions,
      );
      detail.replaceChildren(pop);
      pop.focus();
    } else detail.replaceChildren();
  };
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
      setOpen(open);
    },
  };
}
