// The README and the docs: every relative link leads to a file that exists, and every #anchor to
// a heading of that file (GitHub's anchors). The checker is also run on made-up pages it must fault.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replace(/ /g, '-');

/** A page's text with its code (fenced blocks, inline spans) blanked: a link written in code is no link. */
const withoutCode = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

const anchorsOf = (text: string) => new Set([...withoutCode(text).matchAll(/^#{1,6} +(.+)$/gm)].map((m) => slug(m[1]!)));

/** Every relative link of a page ("page: target") that leads nowhere; `read` gives a file's text (null: no such file). */
function brokenLinks(page: string, text: string, read: (path: string) => string | null): string[] {
  const out: string[] = [];
  for (const m of withoutCode(text).matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto: …
    const [file = '', anchor] = target.split('#');
    const path = file ? normalize(join(dirname(page), decodeURIComponent(file))).replace(/\\/g, '/') : page;
    const body = read(path);
    if (body === null) out.push(`${page}: ${target}`);
    else if (anchor && path.endsWith('.md') && !anchorsOf(body).has(anchor)) out.push(`${page}: ${target} (no such heading)`);
  }
  return out;
}

function pages(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    return statSync(join(ROOT, rel)).isDirectory() ? pages(rel) : name.endsWith('.md') ? [rel] : [];
  });
}

const readReal = (path: string) => {
  const full = join(ROOT, path);
  if (!existsSync(full)) return null;
  return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
};

describe('the README and the docs', () => {
  const all = ['README.md', ...pages('docs')];

  it('reads them all', () => {
    expect(all.length).toBeGreaterThan(8);
  });
  it.each(all)('%s: every relative link and anchor leads somewhere', (page) => {
    expect(brokenLinks(page, readFileSync(join(ROOT, page), 'utf8'), readReal)).toEqual([]);
  });
  it('the front page links every guide in docs/', () => {
    const front = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const linked = new Set([...front.matchAll(/\]\((docs\/[^)#\s]+\.md)/g)].map((m) => m[1]));
    expect(pages('docs').filter((p) => !linked.has(p) && p !== 'docs/history.md')).toEqual([]);
  });
});

describe('the link checker', () => {
  const files: Record<string, string> = {
    'docs/a.md': '# A page\n\n## Its part: one\n\ntext',
    'docs/img.png': '',
  };
  const read = (p: string) => files[p] ?? null;

  it('faults a missing file, a missing heading, and nothing else', () => {
    const page = [
      '[ok](a.md) [ok](a.md#its-part-one) ![ok](img.png) [ok](#here) [web](https://example.com/x) `[code](nowhere.md)`',
      '[gone](b.md) [bad anchor](a.md#nope) [up](../README.md)',
      '## Here',
      '```',
      '[in a block](nowhere.md)',
      '```',
    ].join('\n');
    files['docs/page.md'] = page;
    expect(brokenLinks('docs/page.md', page, read)).toEqual(['docs/page.md: b.md', 'docs/page.md: a.md#nope (no such heading)', 'docs/page.md: ../README.md']);
  });
  it('makes GitHub’s anchors', () => {
    expect(slug('When Sparks Fly: the organiser’s tracker')).toBe('when-sparks-fly-the-organisers-tracker');
    expect(slug('Performance (npm run bench, this machine: 2 cores)')).toBe('performance-npm-run-bench-this-machine-2-cores');
  });
});
