/**
 * What stored keys name a site and a game by (issue 42): a thread's key is "host/gi/ti"
 * (./defaults' draftKey); what a page feeds is kept by its site, which names the scheme where it
 * is plain http (docs/rulings.md, "Keys name their forum and scheme").
 */

/**
 * A site as the keys of what a page feeds name it (its seen rolls, its kept pages, the sheets read
 * on it): its host (without www., new. or m.), with `http:` before it for a page read over plain
 * http, which anyone on the network can change: so nothing an http page feeds is read by the https
 * page of the same address, and every key made before schemes were named (a host alone) stays the
 * https site's.
 */
export const siteKey = (url: { protocol: string; host: string }): string => (url.protocol === 'http:' ? 'http:' : '') + url.host.replace(/^(www|new|m)\./, '');

/**
 * A game's key, from a thread's key ("host/gi/ti", or a page's rolls key "site/gi/ti"), naming its
 * forum: RPOL's games by their number alone, as every RPOL key was made before; any other site's
 * as "site/gi" (the sheets an http RPOL page read too: "http:rpol.net/gi"), so an RPOL game 7 and a
 * board's forum 7 share no house rules, game choice or sheets. Null when the key names no game.
 */
export function gameKeyOf(threadKey: string | null): string | null {
  const game = threadKey?.slice(0, threadKey.lastIndexOf('/')).replace(/^rpol\.net\//, '');
  return game && !game.endsWith('-') ? game : null;
}
