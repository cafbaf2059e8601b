/**
 * What a page that read as no posts at all looked like, for a report the user may copy and send
 * (issue 41, item 3): the markup's landmarks (its title's length, counts of the elements a forum's
 * posts are usually in, forms and password fields), never a word written in a post.
 */

/** Where a forum's posts usually are: each counted in a page that read as none. */
const CANDIDATES = ['article', 'form', 'input[type=password]', 'table', '.post', '.message', '.postbody', '[id^=p]', '[data-postid]', '.content'];

export interface Landmarks {
  /** The title's length (its words could name the thread: not copied). */
  titleLength: number;
  /** How many elements each selector finds: the forum's own post selector first. */
  counts: Record<string, number>;
}

/** Count, never throw: a selector the document cannot take counts as -1. */
function count(doc: Document, selector: string): number {
  try {
    return doc.querySelectorAll(selector).length;
  } catch {
    return -1;
  }
}

export function pageLandmarks(doc: Document, postSelector: string): Landmarks {
  const counts: Record<string, number> = {};
  for (const s of [postSelector, ...CANDIDATES]) counts[s] = count(doc, s);
  return { titleLength: (doc.title ?? '').length, counts };
}

/** The report's text: forum, address, when, and the landmarks (one line each). */
export function reportText(r: { forum: string; url: string; at: number; landmarks: Landmarks; version: string }): string {
  const lines = [
    'Spark Scribe: a followed thread read as no posts',
    `forum: ${r.forum}`,
    `address: ${r.url}`,
    `checked: ${new Date(r.at).toISOString()}`,
    `version: ${r.version}`,
    `title length: ${r.landmarks.titleLength}`,
    ...Object.entries(r.landmarks.counts).map(([s, n]) => `${s}: ${n}`),
  ];
  return lines.join('\n');
}
