/**
 * What stored keys name a site and a game by (issue 42): a thread's key is "site/gi/ti"
 * (./defaults' draftKey), and the site names the scheme where it is plain http.
 */

/** E2E builds read the forums' pages from the local test server over http, standing for their https sites. */
const E2E = import.meta.env?.MODE === 'e2e';

/**
 * A site as stored keys name it: its host (without www., new. or m.), with `http:` before it for a
 * page read over plain http, which anyone on the network can change: so nothing an http page keeps
 * (seen rolls, tables, drafts, page sheets) is read by the https page of the same address, and
 * every key made before schemes were named (a host alone) stays the https site's.
 */
export const siteKey = (url: { protocol: string; host: string }): string =>
  (url.protocol === 'http:' && !E2E ? 'http:' : '') + url.host.replace(/^(www|new|m)\./, '');

/**
 * A game's key, from a thread's key ("site/gi/ti"), naming its forum: RPOL's https games by their
 * number alone, as every RPOL key was made before; any other site's as "site/gi" (an http RPOL
 * page's too), so an RPOL game 7 and a board's forum 7 share no house rules, game choice or
 * sheets. Null when the key names no game.
 */
export function gameKeyOf(threadKey: string | null): string | null {
  const game = threadKey?.slice(0, threadKey.lastIndexOf('/')).replace(/^rpol\.net\//, '');
  return game && !game.endsWith('-') ? game : null;
}
