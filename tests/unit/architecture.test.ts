// The architecture's rules, read from the source tree (TypeScript's own parser): lib/ is pure,
// games and forums know nothing of each other, no import cycle, a game's id only in its folder and
// the registry, no function over 120 lines outside the allow-list. Each check is also run on a
// small made-up source that breaks it, so that a check that stopped seeing is seen.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../lib/games/registry';

const ROOT = join(__dirname, '..', '..');
const ROOTS = ['lib', 'components', 'entrypoints'];

interface Source {
  /** Path from the project's root, with forward slashes. */
  path: string;
  sf: ts.SourceFile;
}

function parse(path: string, text: string): Source {
  return { path, sf: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS) };
}

function sourceFiles(): Source[] {
  const out: Source[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir))) {
      const rel = `${dir}/${name}`;
      if (statSync(join(ROOT, rel)).isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(parse(rel, readFileSync(join(ROOT, rel), 'utf8')));
    }
  };
  for (const r of ROOTS) walk(r);
  return out;
}

// ---- Imports ----

interface Import {
  spec: string;
  /** Only types cross it (erased from the build). */
  typeOnly: boolean;
}

function importsOf(sf: ts.SourceFile): Import[] {
  const out: Import[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
      const c = n.importClause;
      const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : null;
      const typeOnly = !!c && (c.isTypeOnly || (!c.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      out.push({ spec: n.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
      out.push({ spec: n.moduleSpecifier.text, typeOnly: n.isTypeOnly });
    } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
      out.push({ spec: n.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** A relative import's file (from the project's root), or null for a package. */
function resolveImport(from: string, spec: string, known: Set<string>): string | null {
  if (!spec.startsWith('.')) return null;
  const base = normalize(join(dirname(from), spec)).replace(/\\/g, '/');
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (known.has(c)) return c;
  return null;
}

// ---- The checks: each returns what breaks its rule ("file: what") ----

const DOM_AND_EXTENSION_GLOBALS = new Set([
  'document',
  'window',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'browser',
  'chrome',
  'fetch',
  'XMLHttpRequest',
  'DOMParser',
  'MutationObserver',
  'IntersectionObserver',
  'ResizeObserver',
  'requestAnimationFrame',
  'requestIdleCallback',
  'getComputedStyle',
  'customElements',
  'Node',
  'Element',
  'HTMLElement',
  'NodeFilter',
  'CSS',
]);

/** Whether an identifier names a value of the global scope (not a property, a key, a declaration or a type). */
function isGlobalReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if ((ts.isPropertyAccessExpression(p) && p.name === id) || (ts.isQualifiedName(p) && p.right === id)) return false;
  if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isPropertySignature(p) || ts.isMethodDeclaration(p)) && p.name === id) return false;
  if ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isFunctionDeclaration(p) || ts.isBindingElement(p)) && p.name === id) return false;
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p)) return false;
  if (ts.isTypeReferenceNode(p) || ts.isExpressionWithTypeArguments(p) || ts.isTypeQueryNode(p)) return false;
  if (ts.isJsxAttribute(p) || ts.isLabeledStatement(p)) return false;
  return true;
}

/** lib/ is pure: no extension package, no DOM or extension global (a DOM reader takes a Document or an Element). */
function impureLib(sources: readonly Source[]): string[] {
  const out: string[] = [];
  for (const { path, sf } of sources) {
    if (!path.startsWith('lib/')) continue;
    for (const i of importsOf(sf)) if (/^(wxt|@wxt-dev|webextension-polyfill|#imports)(\/|$)/.test(i.spec)) out.push(`${path}: imports ${i.spec}`);
    const visit = (n: ts.Node) => {
      if (ts.isIdentifier(n) && DOM_AND_EXTENSION_GLOBALS.has(n.text) && isGlobalReference(n)) {
        out.push(`${path}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${n.text}`);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

/** Games know no forum; forums know no game and no other forum. */
function crossings(sources: readonly Source[]): string[] {
  const known = new Set(sources.map((s) => s.path));
  const out: string[] = [];
  for (const { path, sf } of sources) {
    const forum = /^lib\/forums\/([^/]+)\//.exec(path)?.[1];
    for (const i of importsOf(sf)) {
      const to = resolveImport(path, i.spec, known);
      if (!to) continue;
      if (path.startsWith('lib/games/') && to.startsWith('lib/forums/')) out.push(`${path}: a game imports ${to}`);
      if (path.startsWith('lib/forums/') && to.startsWith('lib/games/')) out.push(`${path}: a forum imports ${to}`);
      const other = /^lib\/forums\/([^/]+)\//.exec(to)?.[1];
      if (forum && other && other !== forum) out.push(`${path}: forum ${forum} imports forum ${other}`);
    }
  }
  return out;
}

/** Import cycles among the imports that stay in the build (type-only ones are erased). */
function cycles(sources: readonly Source[]): string[] {
  const known = new Set(sources.map((s) => s.path));
  const edges = new Map<string, string[]>();
  for (const { path, sf } of sources) {
    edges.set(
      path,
      importsOf(sf)
        .filter((i) => !i.typeOnly)
        .map((i) => resolveImport(path, i.spec, known))
        .filter((x): x is string => !!x),
    );
  }
  // Tarjan's strongly connected components: a component of two or more files (or a file importing itself) is a cycle.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[] = [];
  const connect = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) !== idx.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      on.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || edges.get(v)?.includes(v)) out.push(component.sort().join(' ↔ '));
  };
  for (const v of edges.keys()) if (!idx.has(v)) connect(v);
  return out;
}

/** A game's id written outside its folder and the registry (module paths and test ids in markup aside). */
function strayGameIds(sources: readonly Source[], ids: readonly string[]): string[] {
  const out: string[] = [];
  for (const { path, sf } of sources) {
    if (path === 'lib/games/registry.ts') continue;
    const visit = (n: ts.Node) => {
      const text = ts.isStringLiteralLike(n) || ts.isTemplateLiteralToken(n) ? (n as ts.LiteralLikeNode).text : null;
      const p = n.parent;
      // A module's path names the game's folder; a test id in markup is the tests'.
      const exempt =
        !!p &&
        ((ts.isJsxAttribute(p) && p.name.getText() === 'data-testid') ||
          ts.isImportDeclaration(p) ||
          ts.isExportDeclaration(p) ||
          ts.isImportTypeNode(p.parent ?? p) ||
          (ts.isCallExpression(p) && p.expression.kind === ts.SyntaxKind.ImportKeyword));
      if (text !== null && !exempt) {
        for (const id of ids) {
          if (path.startsWith(`lib/games/${id}/`)) continue;
          if (new RegExp(`(^|[^\\w-])${id}($|[^\\w-])`).test(text)) out.push(`${path}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}: '${id}'`);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

const MAX_LINES = 120;

/** Functions longer than MAX_LINES lines, by "file#name". */
function longFunctions(sources: readonly Source[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const { path, sf } of sources) {
    const visit = (n: ts.Node) => {
      if (ts.isFunctionLike(n) && (n as ts.FunctionLikeDeclaration).body) {
        const first = sf.getLineAndCharacterOfPosition(n.getStart()).line;
        const last = sf.getLineAndCharacterOfPosition(n.getEnd()).line;
        const p = n.parent;
        const name =
          (n as ts.FunctionLikeDeclaration).name?.getText() ??
          (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) ? p.name.getText() : `(anonymous, line ${first + 1})`);
        if (last - first + 1 > MAX_LINES) out.set(`${path}#${name}`, last - first + 1);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

/**
 * The functions allowed past MAX_LINES, each with its reason. Every one is a Preact component whose
 * logic lives in lib/ (its length is its hooks and its markup); a new entry needs a reason as good.
 */
const LONG_FUNCTIONS_ALLOWED: Record<string, string> = {
  'components/panel/ReplyTab.tsx#ReplyTab':
    'The reply box: its draft’s load, save and conflict hooks and every builder’s form; the builders’ rules are lib/games/spark-d10/replies.ts.',
  'components/panel/Panel.tsx#Panel': 'The panel’s frame: the page’s summary, the stored table and settings, and the tab strip every game’s tabs go into.',
  'components/panel/DuelTab.tsx#DuelTab': 'The Duel tab: the turn’s steps and the state post, all computed by lib/games/spark-d10 and the planeswalker engine.',
  'components/panel/DuelTab.tsx#Planeswalkers': 'The planeswalker cards’ table: a form per activation over lib/games/planeswalkers.',
  'components/OptionsApp.tsx#OptionsApp': 'The Options page: each setting’s control, backup export and import; validation is lib/settings.',
  'components/OptionsApp.tsx#RulesEditor': 'The house rules’ form, one control per rule of lib/spark/settings.',
  'components/panel/SparksFlyTab.tsx#SparksFlyTab': 'The match table: the host’s forms over lib/games/sparks-fly’s engine, and the board.',
  'components/panel/PlannerTab.tsx#PlannerTab': 'The XP planner’s form and its steps; the arithmetic is lib/spark/planner.ts.',
};

// ---- The tree as it is ----

describe('the architecture of the tree', () => {
  const sources = sourceFiles();

  it('reads the whole tree', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.some((s) => s.path === 'lib/games/registry.ts')).toBe(true);
  });
  it('lib/ reaches for no DOM global and no extension API', () => {
    expect(impureLib(sources)).toEqual([]);
  });
  it('a game imports no forum, a forum no game and no other forum', () => {
    expect(crossings(sources)).toEqual([]);
  });
  it('no import cycle', () => {
    expect(cycles(sources)).toEqual([]);
  });
  it('a game’s id is written only in its folder and the registry', () => {
    expect(
      strayGameIds(
        sources,
        GAMES.map((g) => g.id),
      ),
    ).toEqual([]);
  });
  it(`no function over ${MAX_LINES} lines outside the allow-list; every entry still needed`, () => {
    const long = longFunctions(sources);
    expect([...long.keys()].filter((k) => !(k in LONG_FUNCTIONS_ALLOWED))).toEqual([]);
    expect(Object.keys(LONG_FUNCTIONS_ALLOWED).filter((k) => !long.has(k))).toEqual([]);
  });
});

// ---- Each check sees what it guards against ----

describe('each check fails on what it guards against', () => {
  const fake = (files: Record<string, string>) => Object.entries(files).map(([p, text]) => parse(p, text));

  it('lib/ reaching for the DOM or the extension', () => {
    const found = impureLib(
      fake({
        'lib/a.ts': "import { browser } from 'wxt/browser';\nexport const x = () => document.title;",
        'lib/b.ts': 'export const ok = (doc: Document, el: Element) => doc.location?.href ?? el.nodeName;',
        'lib/c.ts': 'export const y = (n: unknown) => n instanceof HTMLElement;',
        'components/d.ts': 'export const z = () => document.title;',
      }),
    );
    expect(found).toEqual(['lib/a.ts: imports wxt/browser', 'lib/a.ts:2: document', 'lib/c.ts:1: HTMLElement']);
  });
  it('a game importing a forum, a forum a game or another forum', () => {
    const found = crossings(
      fake({
        'lib/games/g/a.ts': "import { RPOL } from '../../forums/rpol/forum';",
        'lib/forums/rpol/forum.ts': "import { x } from '../../games/g/a';\nimport { y } from '../phpbb/b';",
        'lib/forums/phpbb/b.ts': "import type { Forum } from '../forum';",
        'lib/forums/forum.ts': '',
      }),
    );
    expect(found).toEqual([
      'lib/games/g/a.ts: a game imports lib/forums/rpol/forum.ts',
      'lib/forums/rpol/forum.ts: a forum imports lib/games/g/a.ts',
      'lib/forums/rpol/forum.ts: forum rpol imports forum phpbb',
    ]);
  });
  it('an import cycle (a type-only import is none)', () => {
    expect(cycles(fake({ 'lib/a.ts': "import { b } from './b';", 'lib/b.ts': "import { c } from './c';", 'lib/c.ts': "import { a } from './a';" }))).toEqual([
      'lib/a.ts ↔ lib/b.ts ↔ lib/c.ts',
    ]);
    expect(cycles(fake({ 'lib/a.ts': "import { b } from './b';", 'lib/b.ts': "import type { A } from './a';" }))).toEqual([]);
  });
  it('a game’s id outside its folder', () => {
    const found = strayGameIds(
      fake({
        'lib/games/parlor/game.ts': "export const id = 'parlor';",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the made-up source holds a template literal
        'components/Tab.tsx': 'export const t = (g: string) => g === \'parlor\' ? <p data-testid="parlor">x</p> : `${g}:parlor`;',
        'lib/x.ts': "export const k = 'parlor-magic';",
      }),
      ['parlor'],
    );
    expect(found).toEqual(["components/Tab.tsx:1: 'parlor'", "components/Tab.tsx:1: 'parlor'"]);
  });
  it('a function over the limit', () => {
    const body = Array.from({ length: MAX_LINES }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const found = longFunctions(fake({ 'lib/a.ts': `export function long() {\n${body}\n}\nexport const short = () => 1;` }));
    expect([...found.keys()]).toEqual(['lib/a.ts#long']);
  });
});
