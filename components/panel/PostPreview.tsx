import type { ComponentChildren } from 'preact';
import { t } from '../locale';
import type { ForumWriter } from '../../lib/forums/writer';
import type { PostDoc } from '../../lib/post/doc';
import { docToRich, RICH_COLOURS, type RichNode } from '../../lib/post/rich';

// The colours a rich tree may name: the list lives once, with the tree's other element names.
const COLOUR: ReadonlySet<string> = new Set(RICH_COLOURS);
const STYLE: Record<string, string> = {
  large: 'font-size:1.25em',
  small: 'font-size:.85em',
  smallcaps: 'font-variant:small-caps',
  serif: 'font-family:serif',
  mono: 'font-family:monospace',
  cursive: 'font-family:cursive',
};

function nodes(list: RichNode[]): ComponentChildren {
  return list.map((n, i) => node(n, i));
}

function node(n: RichNode, key: number): ComponentChildren {
  switch (n.type) {
    case 'text':
      return n.text;
    case 'br':
      return <br key={key} />;
    case 'hr':
      return <hr key={key} />;
    case 'code':
      return (
        <pre key={key} class="r-code">
          {n.text}
        </pre>
      );
    case 'roll':
      return (
        <span key={key} class="r-roll" title={t('preview.roll', { id: n.id })}>
          [roll {n.id}]
        </span>
      );
    case 'private':
      return (
        <span key={key} class="r-private">
          [{n.label}: {nodes(n.children)}]
        </span>
      );
    case 'list': {
      const items = n.items.map((it, j) => <li key={j}>{nodes(it)}</li>);
      return n.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
    case 'el': {
      const c = nodes(n.children);
      if (COLOUR.has(n.tag))
        return (
          <span key={key} class={`r-${n.tag}`}>
            {c}
          </span>
        );
      if (STYLE[n.tag])
        return (
          <span key={key} style={STYLE[n.tag]}>
            {c}
          </span>
        );
      switch (n.tag) {
        case 'b':
          return <b key={key}>{c}</b>;
        case 'i':
          return <i key={key}>{c}</i>;
        case 'u':
          return <u key={key}>{c}</u>;
        case 's':
          return <s key={key}>{c}</s>;
        case 'sup':
          return <sup key={key}>{c}</sup>;
        case 'sub':
          return <sub key={key}>{c}</sub>;
        case 'tt':
          return (
            <code key={key} class="mono" style="white-space:pre-wrap">
              {c}
            </code>
          );
        case 'pre':
          return <pre key={key}>{c}</pre>;
        case 'center':
          return (
            <div key={key} style="text-align:center">
              {c}
            </div>
          );
        case 'quote':
          return <blockquote key={key}>{c}</blockquote>;
        case 'spoiler':
          return (
            <details key={key}>
              <summary>{t('preview.spoiler')}</summary>
              {c}
            </details>
          );
        case 'table':
          return stackedTable(n.children, key);
        case 'tr':
          return <tr key={key}>{c}</tr>;
        case 'th':
          return <th key={key}>{c}</th>;
        case 'td':
          return <td key={key}>{c}</td>;
        default:
          return <span key={key}>{c}</span>;
      }
    }
  }
}

const plain = (list: RichNode[]): string =>
  list.map((n) => (n.type === 'text' || n.type === 'code' ? n.text : n.type === 'el' || n.type === 'private' ? plain(n.children) : ' ')).join('');

const isRow = (n: RichNode): n is Extract<RichNode, { type: 'el' }> => n.type === 'el' && n.tag === 'tr';
const cellsOf = (row: Extract<RichNode, { type: 'el' }>) =>
  row.children.filter((c): c is Extract<RichNode, { type: 'el' }> => c.type === 'el' && (c.tag === 'td' || c.tag === 'th'));

/**
 * A table whose first row is all headers: each later cell carries its column's header, so that on
 * a narrow panel every row can stand as a card of labelled lines instead of squeezing its columns.
 */
function stackedTable(children: RichNode[], key: number): ComponentChildren {
  const rows = children.filter(isRow);
  const first = rows[0];
  const head = first ? cellsOf(first) : [];
  const labels = head.length > 1 && head.every((c) => c.tag === 'th') ? head.map((c) => plain(c.children).trim()) : null;
  if (!first || !labels || rows.length !== children.length) {
    return (
      <table key={key}>
        <tbody>{nodes(children)}</tbody>
      </table>
    );
  }
  return (
    <table key={key} class="stack">
      <thead>
        <tr>{nodes(first.children)}</tr>
      </thead>
      <tbody>
        {rows.slice(1).map((row, i) => (
          <tr key={i}>
            {cellsOf(row).map((cell, j) =>
              cell.tag === 'th' ? (
                <th key={j}>{nodes(cell.children)}</th>
              ) : (
                <td key={j} data-label={labels[j] ?? ''}>
                  {nodes(cell.children)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A game's post as the forum shows it: written in the forum's markup and read back (a board without tables shows the plain layout). */
const docTree = (doc: PostDoc, writer?: ForumWriter): RichNode[] => (writer ? writer.preview(writer.write(doc)) : docToRich(doc));

/**
 * A post as its forum would show it: a post document (what a game wrote), or a post's text in the
 * forum's own markup (what the user typed), read by the forum's writer. Elements only, never HTML.
 */
export function PostPreview(props: { doc: PostDoc; writer?: ForumWriter } | { text: string; writer: ForumWriter }) {
  const tree = 'doc' in props ? docTree(props.doc, props.writer) : props.text.trim() ? props.writer.preview(props.text) : [];
  return (
    <section class="preview" aria-label={t('preview.label')}>
      {tree.length ? nodes(tree) : <span class="muted">{t('preview.empty')}</span>}
    </section>
  );
}
