// Reaching inside our closed shadow roots from tests and the demo, the way a debugger does (the
// Chrome DevTools Protocol's pierce): the shipped build stays as it is, and page scripts still
// cannot reach in.

/** Run `fn` (a function's source) with `this` = the closed shadow root of the `index`-th host matching `hostSelector`. */
export async function inShadow(page, hostSelector, fn, args = [], index = 0) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: hostSelector });
    if (!nodeIds[index]) throw new Error(`no host matches ${hostSelector} (#${index})`);
    const { node } = await cdp.send('DOM.describeNode', { nodeId: nodeIds[index], depth: 1, pierce: true });
    const shadow = node.shadowRoots?.[0];
    if (!shadow) throw new Error(`${hostSelector} has no shadow root`);
    const { object } = await cdp.send('DOM.resolveNode', { backendNodeId: shadow.backendNodeId });
    const r = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: fn,
      arguments: args.map((value) => ({ value })),
      returnByValue: true,
      awaitPromise: true,
    });
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value;
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** Helpers for one host's insides. */
export function shadowOf(page, hostSelector, index = 0) {
  const run = (fn, ...args) => inShadow(page, hostSelector, fn, args, index);
  return {
    /** Click the first element matching `selector` (optionally with Shift held). */
    click: (selector, { shift = false } = {}) =>
      run(
        `function (sel, shift) { const el = this.querySelector(sel); if (!el) throw new Error('no ' + sel); el.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, shiftKey: shift })); }`,
        selector,
        shift,
      ),
    /** Click the button whose text or label contains `name`. */
    clickButton: (name) =>
      run(
        `function (name) { const b = [...this.querySelectorAll('button')].find((x) => (x.getAttribute('aria-label') || x.textContent || '').includes(name)); if (!b) throw new Error('no button ' + name); b.click(); }`,
        name,
      ),
    /** Focus the first element matching `selector` (then drive the keyboard with page.keyboard). */
    focus: (selector) => run(`function (sel) { const el = this.querySelector(sel); if (!el) throw new Error('no ' + sel); el.focus(); }`, selector),
    text: (selector) => run(`function (sel) { const el = this.querySelector(sel); return el ? el.innerText : null; }`, selector),
    attr: (selector, name) => run(`function (sel, name) { const el = this.querySelector(sel); return el ? el.getAttribute(name) : null; }`, selector, name),
    count: (selector) => run(`function (sel) { return this.querySelectorAll(sel).length; }`, selector),
    /** The focused element inside, as "tag.class" (or null). */
    focused: () =>
      run(
        `function () { const a = this.activeElement; return a ? a.tagName.toLowerCase() + (a.className ? '.' + String(a.className).split(' ').join('.') : '') : null; }`,
      ),
  };
}

/** Wait until `check()` is truthy (polling), or fail after `timeout`. */
export async function until(check, timeout = 5000) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await check().catch(() => null);
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting inside a shadow root');
    await new Promise((r) => setTimeout(r, 50));
  }
}
