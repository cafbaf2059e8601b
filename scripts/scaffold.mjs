// What scripts/new-game.mjs and scripts/new-forum.mjs share: the names made from an id, writing a
// new file (never over an old one), and adding an import and an array's item to a registry. The
// tree written to is the one the script sits in (its parent folder), so that a test can run a
// copy of the script in a copy of the tree.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The tree a script of this folder writes to. */
export const rootOf = (scriptUrl) => join(dirname(fileURLToPath(scriptUrl)), '..');

/** Biome's line width (biome.json): an array longer than this is written one item a line. */
const LINE_WIDTH = 160;

/**
 * The id and name from the command line, and the names made from the id: `my-game` gives
 * `MY_GAME` (constants), `MyGame` (types, components). Exits with the usage on a bad id.
 */
export function namesFrom(argv, what) {
  const [id, ...rest] = argv;
  if (!id || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id) || id.length > 40) {
    console.error(
      `usage: node scripts/new-${what}.mjs <id> [name]\n  <id>: lower case letters, digits and single hyphens, a letter first (it names the folders${what === 'forum' ? ' and the content script' : ''})`,
    );
    process.exit(2);
  }
  const words = id.split('-');
  const name = rest.join(' ').trim() || words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
  // The name goes into comments, strings and a regular expression: letters, digits, spaces and a few marks only.
  if (!/^[\p{L}\p{N}][\p{L}\p{N} '’.&+!-]{0,59}$/u.test(name)) {
    console.error(`the name "${name}": letters, digits, spaces and ' ’ . & + ! - only, a letter or digit first`);
    process.exit(2);
  }
  return { id, name, CONST: words.join('_').toUpperCase(), Pascal: words.map((w) => w[0].toUpperCase() + w.slice(1)).join('') };
}

/** A string literal as Biome writes it: single quotes, double where the text holds a single one. */
export const literal = (s) => (s.includes("'") ? `"${s}"` : `'${s}'`);

/** Stop before writing anything when one of these paths (from the root) exists already. */
export function refuseExisting(root, paths) {
  const there = paths.filter((p) => existsSync(join(root, p)));
  if (there.length) {
    console.error(`already there, nothing written: ${there.join(', ')}`);
    process.exit(1);
  }
}

/** Write a new file (its folders made as needed). */
export function writeNew(root, path, text) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text, { flag: 'wx' });
  console.log(`new     ${path}`);
}

/**
 * A registry's new text: `edit` gets its text and returns the new one, or throws when the registry
 * is not written as expected. Every edit is made before any file is written, so that a registry
 * not as expected leaves the tree as it was.
 */
export function edited(root, path, edit) {
  return { path, text: edit(readFileSync(join(root, path), 'utf8')) };
}

/** Write an edit made by `edited`. */
export function save(root, { path, text }) {
  writeFileSync(join(root, path), text);
  console.log(`edited  ${path}`);
}

/** An import line put after the file's last import. */
export function addImport(text, line) {
  const imports = [...text.matchAll(/^import [^;]*;\n/gm)];
  const last = imports[imports.length - 1];
  if (!last) throw new Error('no import to put the new one after');
  const at = last.index + last[0].length;
  return `${text.slice(0, at)}${line}\n${text.slice(at)}`;
}

/**
 * An item added at the end of the array that `head` (a regular expression ending at its `[`)
 * opens: on one line while it fits, else one item a line (as Biome writes it).
 */
export function addToArray(text, head, item) {
  const m = head.exec(text);
  if (!m) throw new Error(`no array matching ${head}`);
  const open = m.index + m[0].length;
  const close = text.indexOf(']', open);
  const inner = text.slice(open, close);
  if (inner.includes('\n')) {
    // Written one item a line (comments may stand between them): the new one goes last.
    const end = inner.trimEnd();
    const sep = end.endsWith(',') || end.trim() === '' ? '' : ',';
    return `${text.slice(0, open)}${end}${sep}\n  ${item},\n${text.slice(close)}`;
  }
  const items = [
    ...inner
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    item,
  ];
  const lineStart = text.lastIndexOf('\n', open) + 1;
  const lineEnd = text.indexOf('\n', close);
  const oneLine = `${text.slice(lineStart, open)}${items.join(', ')}${text.slice(close, lineEnd === -1 ? undefined : lineEnd)}`;
  if (oneLine.length <= LINE_WIDTH) return `${text.slice(0, open)}${items.join(', ')}${text.slice(close)}`;
  return `${text.slice(0, open)}\n${items.map((i) => `  ${i},\n`).join('')}${text.slice(close)}`;
}
