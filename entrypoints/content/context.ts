/**
 * What the content script's entry hands to `main` in place of WXT's ContentScriptContext (the
 * build aliases `wxt/utils/content-script-context` here, for content scripts only).
 *
 * WXT's context reads `browser.runtime.id` when its class is defined, at the script's top level,
 * which makes the browser build its extension bindings while the page's parser waits (2-5 ms
 * here); it also dispatches an event on the page's document and watches the location. We use
 * none of it: the script stops when the runtime is gone (see index.ts), never on a page's event.
 */
export class ContentScriptContext {
  constructor(
    readonly contentScriptName: string,
    readonly options?: unknown,
  ) {}
}
