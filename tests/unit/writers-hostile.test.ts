// What a stranger typed (a name, a label, a sheet field, a line of post text) comes out of every
// writer as text: never a tag, a link, an image, a mention or an invite (issue 33, item 4). The
// attacks from the issue first, then a property test over every writer, then the preview: the
// writer's markup read back shows what the board will show.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAMERS_PLANE_WRITER } from '../../lib/forums/gamersplane/writer';
import { PHPBB_WRITER } from '../../lib/forums/phpbb/writer';
import { RPOL_WRITER } from '../../lib/forums/rpol/writer';
import { VBULLETIN_WRITER } from '../../lib/forums/vbulletin/writer';
import type { ForumWriter } from '../../lib/forums/writer';
import { XENFORO_WRITER } from '../../lib/forums/xenforo/writer';
import { discordMessages, discordToText } from '../../lib/post/discord';
import type { Inline, PostDoc } from '../../lib/post/doc';
import { JOINER } from '../../lib/post/neutral';
import type { RichNode } from '../../lib/post/rich';

const BOARDS: [string, ForumWriter][] = [
  ['phpBB', PHPBB_WRITER],
  ['XenForo', XENFORO_WRITER],
  ['vBulletin', VBULLETIN_WRITER],
  ["Gamers' Plane", GAMERS_PLANE_WRITER],
];
const WRITERS: [string, ForumWriter][] = [['RPOL', RPOL_WRITER], ...BOARDS];

/** The tags a writer writes itself (BBCode), in order: a stranger's text must add none. */
const BBCODE_OWN = /\[\/?(?:b|i|color|size|list|\*|code|table|tr|th|td)(?:=[^\]]*)?\]/gi;
/** RuBB's own: every angle tag (a stranger's `<` and `>` are dropped), lists and rolls. */
const RUBB_OWN = /<\/?[a-z]+>|\[\/?o?list\]|\[\*\]|\[roll=[\d.]+\]/gi;

/** The text as the board would read it for tags: the writer's own tags masked, code boxes emptied. */
function strangersPart(name: string, out: string): string {
  const own = name === 'RPOL' ? RUBB_OWN : BBCODE_OWN;
  const noCode = name === 'RPOL' ? out : out.replace(/\[code\][\s\S]*?\[\/code\]/gi, '\u0001');
  return noCode.replace(own, '\u0001');
}

/** What a board would take for markup in a stranger's text (null: none). */
function markupIn(name: string, text: string): string | null {
  const tag = name === 'RPOL' ? /\[\/?[\p{L}_*]/u : /\[\/?[\p{L}\p{N}_*]/u;
  const link = name === 'RPOL' ? /:\/\/|(?<![A-Za-z0-9_])www\.|@(?![\s\u200d]|$)|</i : /:\/\/|(?<![A-Za-z0-9_])www\.|@(?![\s\u200d]|$)/i;
  const m = tag.exec(text) ?? link.exec(text);
  return m ? text.slice(Math.max(0, m.index - 10), m.index + 20) : null;
}

/** Every text of a document replaced by one letter per character: the writer's own markup alone. */
function neutral(doc: PostDoc): PostDoc {
  const x = (s: string) => 'x'.repeat(s.length);
  const inl = (parts: readonly Inline[]): Inline[] =>
    parts.map((p) => {
      if (typeof p === 'string') return x(p);
      if ('b' in p) return { b: inl(p.b) };
      if ('i' in p) return { i: inl(p.i) };
      if ('small' in p) return { small: inl(p.small) };
      if ('colour' in p) return { colour: p.colour, text: inl(p.text) };
      return p;
    });
  return doc.map((b) => {
    if ('line' in b) return { line: inl(b.line) };
    if ('pre' in b) return { pre: x(b.pre) };
    if ('data' in b) return { data: x(b.data) };
    if ('list' in b) return { list: b.list.map(inl), ordered: b.ordered };
    return { table: { head: b.table.head.map(inl), rows: b.table.rows.map((r) => r.map(inl)) } };
  });
}

/** A writer's output carries no markup but its own. */
function expectOnlyOwnMarkup(name: string, w: ForumWriter, doc: PostDoc): void {
  const out = w.write(doc);
  const own = name === 'RPOL' ? RUBB_OWN : BBCODE_OWN;
  // A code box's content is shown as written (only its closer counts).
  const ownTags = (s: string) => (s.replace(/\[code\][\s\S]*?\[\/code\]/gi, '[code][/code]').match(own) ?? []).map((t) => t.toLowerCase());
  expect(ownTags(out), `${name}: ${JSON.stringify(out)}`).toEqual(ownTags(w.write(neutral(doc))));
  expect(markupIn(name, strangersPart(name, out)), `${name}: ${JSON.stringify(out)}`).toBeNull();
}

/** Outside code blocks, what Discord would take for markup in a message (null: none). */
function discordMarkupIn(message: string): string | null {
  const outside = message.split('```').filter((_, n) => n % 2 === 0);
  for (const part of outside) {
    // A bracket or parenthesis not escaped (an odd run of backslashes before it) could make a masked link.
    const bare = /(?<!\\)(?:\\\\)*[[\]()]/.exec(part);
    const bad = bare ?? /:\/\/|<(?!\u200b)|@(?![\s\u200b]|$)|(?<!\u200b)\.(?:gg|io|me|li|new)\b|(?<!\u200b)\.com\/invite|^[ \t]*(?:#|>)/im.exec(part);
    if (bad) return part.slice(Math.max(0, bad.index - 10), bad.index + 20);
  }
  return null;
}

const visible = (s: string) => s.replaceAll(JOINER, '').replaceAll('\u200b', '');
const textOf = (nodes: RichNode[]): string =>
  nodes
    .map((n) => {
      if (n.type === 'text') return n.text;
      if (n.type === 'br') return '\n';
      if (n.type === 'el') return textOf(n.children);
      return `\u0002${n.type}`;
    })
    .join('');

describe('the attacks of issue 33 come out as text', () => {
  const ATTACKS = [
    '[i[code]',
    '[i[spoiler]',
    '[t[h]',
    '[s[u[b]',
    '[checkdice[k]',
    '[flash]x[/flash]',
    '[attachment]1[/attachment]',
    '[video]https://evil.example/v[/video]',
    '[thread]1[/thread]',
    '[post]1[/post]',
    '[mention]Admin[/mention]',
    '[url=https://evil.example]click[/url]',
    '[img]https://evil.example/a.png[/img]',
    '[dice]1d20[/dice]',
    '[roll=1700000000.1.5]',
    '[Private to GM: x]',
    '[/code]',
    '[',
  ];

  it.each(WRITERS)('%s: a name or a line of these is not markup, and nothing of it is lost', (name, w) => {
    for (const attack of ATTACKS) {
      for (const doc of [[{ line: [attack] }], [{ line: [{ b: [attack] }, attack] }], [{ line: [attack, { small: ['b]'] }] }]] as PostDoc[]) {
        expectOnlyOwnMarkup(name, w, doc);
      }
      const shown = textOf(w.preview(w.write([{ line: [attack] }])));
      expect(visible(shown), name).toBe(name === 'RPOL' ? attack.replace(/[<>]/g, '') : attack);
    }
  });

  it('[i[code] no longer joins into [icode], and [flash] is broken, not passed', () => {
    const out = PHPBB_WRITER.write([{ line: ['[i[code] [flash]'] }]);
    expect(out).not.toMatch(/\[icode\]|\[flash\]/i);
    expect(visible(out)).toBe('[i[code] [flash]');
  });

  it('Discord: a masked link, an invite, mentions and a bare link stay text', () => {
    for (const attack of [
      '[free nitro](https://evil.example)',
      'join discord.gg/abc',
      'https://discord.com/invite/abc',
      'discordapp.com/invite/abc',
      '@everyone @here',
      '<@123456> <@&42> <#7> </cmd:1>',
      'see https://evil.example',
      '# heading\n> quote\n-# small',
    ]) {
      for (const m of discordMessages([{ line: [attack] }, { list: [[attack]] }, { table: { head: [[attack]], rows: [[[attack], [attack]]] } }])) {
        expect(discordMarkupIn(m), m).toBeNull();
      }
      // Read back (pasted into a thread), the text is what the user typed.
      expect(visible(discordToText(discordMessages([{ line: [attack] }]).join('\n')))).toBe(attack);
    }
  });
});

const PIECES = [
  '[',
  ']',
  '/',
  '*',
  '=',
  'b',
  'i',
  'code',
  'url',
  'img',
  'flash',
  'th',
  'sub',
  'roll=1.2.3',
  'Private to GM:',
  'list',
  '(',
  ')',
  'https',
  '://',
  'www.',
  '@',
  'everyone',
  '<',
  '>',
  '#',
  '-',
  ' ',
  '\n',
  'discord',
  '.gg/',
  '.com/invite/',
  'ſ',
  'K',
  '\\',
  '`',
  '2column',
];
const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 16 }).map((a) => a.join('')),
);
const inlineArb: fc.Arbitrary<Inline[]> = fc.array(
  fc.oneof(
    hostile,
    hostile.map((s) => ({ b: [s] })),
    hostile.map((s) => ({ i: [s] })),
    hostile.map((s) => ({ small: [s] })),
    hostile.map((s) => ({ colour: 'hand' as const, text: [s] })),
  ),
  { minLength: 1, maxLength: 4 },
);
const docArb: fc.Arbitrary<PostDoc> = fc.array(
  fc.oneof(
    inlineArb.map((line) => ({ line })),
    hostile.map((pre) => ({ pre })),
    fc.array(inlineArb, { minLength: 1, maxLength: 3 }).map((list) => ({ list })),
    fc.tuple(fc.array(inlineArb, { maxLength: 3 }), fc.array(fc.array(inlineArb, { minLength: 1, maxLength: 3 }), { maxLength: 3 })).map(([head, rows]) => ({
      table: { head, rows },
    })),
  ),
  { minLength: 1, maxLength: 4 },
);

describe('hostile names, labels, sheet fields and text through every writer', () => {
  it.each(WRITERS)('%s: nothing a stranger typed becomes a tag, a link, an image or a mention', (name, w) => {
    fc.assert(
      fc.property(docArb, (doc) => expectOnlyOwnMarkup(name, w, doc)),
      { numRuns: 300 },
    );
  });

  it.each(WRITERS)('%s: the preview of a line shows the text as typed (what the board shows)', (name, w) => {
    fc.assert(
      fc.property(hostile, (s) => {
        const tree = w.preview(w.write([{ line: [s] }]));
        expect(tree.every((n) => n.type === 'text' || n.type === 'br')).toBe(true);
        expect(visible(textOf(tree))).toBe(visible(name === 'RPOL' ? s.replace(/[<>]/g, '') : s));
      }),
      { numRuns: 300 },
    );
  });

  it('Discord: no masked link, mention, invite, bare link, heading or quote from a stranger', () => {
    fc.assert(
      fc.property(docArb, (doc) => {
        for (const m of discordMessages(doc)) expect(discordMarkupIn(m), m).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * A message's code blocks as Discord reads them: outside a block, three backticks open one; inside,
 * the next three backticks close it, whatever the opening fence's length (issue 42).
 */
function discordCodeBlocks(message: string): { code: string[]; outside: string[] } {
  const code: string[] = [];
  const outside: string[] = [];
  let rest = message;
  for (;;) {
    const open = rest.indexOf('```');
    if (open < 0) {
      outside.push(rest);
      break;
    }
    outside.push(rest.slice(0, open));
    rest = rest.slice(open + 3);
    const close = rest.indexOf('```');
    if (close < 0) {
      code.push(rest);
      break;
    }
    code.push(rest.slice(0, close));
    rest = rest.slice(close + 3);
  }
  return { code, outside };
}

describe('Discord: no run of backticks closes a code block early', () => {
  // A stranger's text with runs of 1–8 backticks, and what could follow a closed block.
  const ticks = fc.integer({ min: 1, max: 8 }).map((n) => '`'.repeat(n));
  const withTicks = fc
    .array(fc.oneof(ticks, fc.constantFrom('@everyone', '||x||', '[a](https://e.example)', '<@&1>', 'Ann', ' ', '\n', '|', ' | ')), {
      minLength: 1,
      maxLength: 12,
    })
    .map((a) => a.join(''));

  it('the attack of issue 42: a sheet named Ann````@everyone||x||', () => {
    const name = 'Ann````@everyone||x||';
    for (const doc of [[{ pre: name }], [{ data: name }]] as PostDoc[]) {
      const [m] = discordMessages(doc);
      const { code, outside } = discordCodeBlocks(m!);
      expect(code, m).toHaveLength(1);
      expect(visible(code[0]!).trim()).toBe(name);
      expect(outside.join(''), m).toBe('');
    }
  });

  it('a code block (pre) holds all its text, and nothing is outside it', () => {
    fc.assert(
      fc.property(withTicks, (s) => {
        for (const m of discordMessages([{ pre: s }])) {
          const { code, outside } = discordCodeBlocks(m);
          expect(code, m).toHaveLength(1);
          expect(visible(code[0]!), m).toBe(`\n${visible(s)}\n`);
          expect(outside.join('').replace(/^-# \d+\/\d+\n/, ''), m).toBe('');
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a record (data), cut into several blocks, has each piece in its own block and nothing outside', () => {
    fc.assert(
      fc.property(fc.array(withTicks, { minLength: 1, maxLength: 60 }), (cells) => {
        const data = cells.join(' | ');
        const messages = discordMessages([{ data }], 400);
        for (const m of messages) {
          const { code, outside } = discordCodeBlocks(m);
          expect(
            outside.every((o) => /^(?:-# \d+\/\d+)?\n?$/.test(o)),
            m,
          ).toBe(true);
          for (const c of code) expect(c.startsWith('\n') && c.endsWith('\n'), m).toBe(true);
        }
        const inside = messages.flatMap((m) => discordCodeBlocks(m).code).map((c) => visible(c));
        expect(inside.join('').replace(/\s/g, '')).toBe(visible(data).replace(/\s/g, ''));
      }),
      { numRuns: 300 },
    );
  });

  it('lines, lists and tables open no code block at all', () => {
    fc.assert(
      fc.property(withTicks, (s) => {
        const docs: PostDoc[] = [
          [{ line: [s] }],
          [{ list: [[s]] }],
          [{ table: { head: [[s], [s]], rows: [[[s], [s]]] } }],
          [{ line: [{ b: [s] }, { small: [s] }] }],
        ];
        for (const doc of docs) for (const m of discordMessages(doc)) expect(discordCodeBlocks(m).code, m).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
