// Benchmark pages made from the real saved RPOL pages in ../shared/fixtures/rpol-real/ at bench
// time (nothing of them is copied into the project): their posts repeated, renumbered, to a size.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const END = '</div><!-- 2 -->';

/** A saved thread page split into what comes before the posts, each post, and what follows. */
export function splitThread(html) {
  const first = html.indexOf('<div class="message">');
  const last = html.lastIndexOf(END);
  if (first < 0 || last < 0) throw new Error('not a thread page in the current layout');
  const body = html.slice(first, last + END.length);
  const posts = body
    .split(/(?=<div class="message">)/)
    .map((p) => p.trim())
    .filter(Boolean);
  return { head: html.slice(0, first), posts, tail: html.slice(last + END.length) };
}

/** One post given a new number `n` (its anchor, body id, "msg #", and the message id in its links). */
function renumber(post, from, n) {
  return post
    .replace(`<a id="${from}"></a>`, `<a id="${n}"></a>`)
    .replace(`id="msg${from}"`, `id="msg${n}"`)
    .replace(`msg #${from}<`, `msg #${n}<`)
    .replace(new RegExp(`([?&;]|&amp;)mi=${from}(?=[&"])`, 'g'), `$1mi=${n}`);
}

/** `count` posts from `posts` (in their order, round and round), numbered 1…count. */
export function repeatPosts(page, posts, count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const src = posts[i % posts.length];
    const from = Number(/<a id="(\d+)"><\/a>/.exec(src)?.[1]);
    out.push(renumber(src, from, i + 1));
  }
  return `${page.head}${out.join('\n')}${page.tail}`;
}

/**
 * The two real-markup benchmark pages, or null without ../shared:
 * - `server`: the Urvan aside (17 posts, 5 server rolls and a pasted one), repeated;
 * - `prose`: Chapter 1 (61 posts) without its posts that hold a roll, repeated.
 */
export function realBenchPage(dir, kind, count) {
  const file = resolve(dir, kind === 'server' ? 'thread-aside-urvan.html' : 'thread-ch1.html');
  if (!existsSync(file)) return null;
  const page = splitThread(readFileSync(file, 'utf8'));
  const posts = kind === 'server' ? page.posts : page.posts.filter((p) => !/\brolled\b|Rolled by|helphover/i.test(p));
  return repeatPosts(page, posts, count);
}
