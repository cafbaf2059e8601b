// Boards the user adds: the origin read from what they typed, the settings that keep the list,
// and the background that gives each allowed board its software's content script and takes it
// away when the board or its permission goes (Chrome's scripting and Firefox's contentScripts,
// against WXT's fake browser with the two APIs it lacks written here).
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { boardKeeper } from '../../entrypoints/background/boards';
import { type AddedBoard, boardAt, boardOrigin, ORIGIN, originPattern } from '../../lib/forums/added';
import { exportSettings, importSettings, loadSettings, MAX_BOARDS, SETTINGS_VERSION } from '../../lib/settings/schema';

describe('the address a user types', () => {
  it.each([
    ['board.example/forum/viewtopic.php?t=5', 'https://board.example'],
    ['  http://Board.Example:8080/index.php  ', 'http://board.example:8080'],
    ['https://www.smogon.com/forums/threads/x.123/', 'https://www.smogon.com'],
    ['https://mafiathesyndicate.com/', 'https://mafiathesyndicate.com'],
    ['https://xn--bcher-kva.example/', 'https://xn--bcher-kva.example'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example'],
    ['ftp://board.example/', null],
    ['javascript:alert(1)', null],
    ['data:text/html,<b>x</b>', null],
    ['https://user:secret@board.example/', null],
    ['file:///etc/passwd', null],
    ['', null],
    ['not a board', null],
    ['https://', null],
  ])('%s → %s', (typed, origin) => {
    expect(boardOrigin(typed)).toBe(origin);
  });

  it('never throws, and what it returns is an origin the browser can be asked for alone', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.domain()), (typed) => {
        const origin = boardOrigin(typed);
        if (origin === null) return;
        expect(origin).toMatch(ORIGIN);
        expect(originPattern(origin)).toBe(`${origin}/*`);
        expect(boardAt([{ origin, forum: 'phpbb', name: '' }], new URL(`${origin}/viewtopic.php?t=1`))).not.toBeNull();
      }),
    );
  });

  it('a page is on an added board only by its exact scheme, host and port', () => {
    const boards: AddedBoard[] = [{ origin: 'https://board.example', forum: 'phpbb', name: 'The Board' }];
    expect(boardAt(boards, new URL('https://BOARD.example/viewtopic.php?t=5'))?.name).toBe('The Board');
    for (const u of ['http://board.example/', 'https://board.example:8443/', 'https://board.example.evil.test/', 'https://evil.test/board.example'])
      expect(boardAt(boards, new URL(u)), u).toBeNull();
  });
});

describe('the boards kept in the settings', () => {
  const valid = { version: SETTINGS_VERSION };
  it('settings saved before boards existed load with none', () => {
    const r = loadSettings(valid);
    expect(r.ok && r.settings.boards).toEqual([]);
  });

  it('keeps a board of known software; refuses a bad origin, software no board runs, or too many', () => {
    const board = { origin: 'https://board.example', forum: 'xenforo', name: 'Forum games' };
    const ok = loadSettings({ ...valid, boards: [board] });
    expect(ok.ok && ok.settings.boards).toEqual([board]);
    for (const boards of [
      [{ ...board, origin: 'https://board.example/forum' }],
      [{ ...board, origin: 'javascript:alert(1)' }],
      [{ ...board, forum: 'rpol' }],
      [{ ...board, forum: 'nonsense' }],
      Array.from({ length: MAX_BOARDS + 1 }, (_, i) => ({ ...board, origin: `https://b${i}.example` })),
    ])
      expect(loadSettings({ ...valid, boards }).ok).toBe(false);
  });

  it('an exported file brings the boards back', () => {
    const r = loadSettings({ ...valid, boards: [{ origin: 'http://vb.example', forum: 'vbulletin', name: '<b>VB</b>' }] });
    if (!r.ok) throw new Error(r.error);
    const back = importSettings(exportSettings(r.settings));
    expect(back.ok && back.settings.boards).toEqual(r.settings.boards);
  });
});

/** The browser APIs the keeper uses that WXT's fake lacks: permissions, and Chrome's scripting or Firefox's contentScripts. */
function fakeApis(granted: string[], kind: 'chrome' | 'firefox') {
  const listeners: (() => void)[] = [];
  const registered = new Map<string, { matches: string[]; js: string }>();
  const api = fakeBrowser as unknown as Record<string, unknown>;
  api.permissions = {
    getAll: async () => ({ origins: [...granted] }),
    onAdded: { addListener: (f: () => void) => listeners.push(f) },
    onRemoved: { addListener: (f: () => void) => listeners.push(f) },
  };
  if (kind === 'chrome')
    api.scripting = {
      getRegisteredContentScripts: async () => [...registered.keys()].map((id) => ({ id })),
      registerContentScripts: async (list: { id: string; matches: string[]; js: string[] }[]) => {
        for (const s of list) registered.set(s.id, { matches: s.matches, js: s.js[0]! });
      },
      unregisterContentScripts: async ({ ids }: { ids: string[] }) => {
        for (const id of ids) registered.delete(id);
      },
    };
  else {
    let n = 0;
    api.contentScripts = {
      register: async (s: { matches: string[]; js: { file: string }[] }) => {
        const id = `ff${++n}`;
        registered.set(id, { matches: s.matches, js: s.js[0]!.file });
        return { unregister: async () => void registered.delete(id) };
      },
    };
  }
  return {
    registered,
    changed: () => {
      for (const f of listeners) f();
    },
  };
}

const settingsWith = (boards: AddedBoard[]) => {
  const r = loadSettings({ version: SETTINGS_VERSION, boards });
  if (!r.ok) throw new Error(r.error);
  return r.settings;
};

describe('the background’s registrations', () => {
  afterEach(() => {
    const api = fakeBrowser as unknown as Record<string, unknown>;
    delete api.permissions;
    delete api.scripting;
    delete api.contentScripts;
  });
  const phpbb: AddedBoard = { origin: 'https://board.example', forum: 'phpbb', name: 'Board' };
  const xf: AddedBoard = { origin: 'http://xf.example', forum: 'xenforo', name: 'XF' };

  for (const kind of ['chrome', 'firefox'] as const)
    it(`${kind}: each allowed board gets its software's script for its origin alone; a board removed, or its permission taken back, loses it`, async () => {
      const granted = ['https://board.example/*'];
      const fake = fakeApis(granted, kind);
      const keeper = boardKeeper();
      await keeper.sync(settingsWith([phpbb, xf]));
      // xf.example is in the list but the browser does not allow it: not registered, not read.
      expect([...fake.registered.values()]).toEqual([{ matches: ['https://board.example/*'], js: 'content-scripts/phpbb.js' }]);
      expect(keeper.readHere(new URL('https://board.example/viewtopic.php?t=1'))).toBe(true);
      expect(keeper.readHere(new URL('http://xf.example/threads/a.1/'))).toBe(false);
      expect(keeper.readHere(new URL('https://gamersplane.com/forums/thread/1/'))).toBe(true);
      expect(keeper.readHere(new URL('https://evil.test/'))).toBe(false);

      // The permission given in the browser's own settings: read from then on.
      granted.push('http://xf.example/*');
      fake.changed();
      await keeper.sync(settingsWith([phpbb, xf]));
      expect([...fake.registered.values()].map((r) => r.js).sort()).toEqual(['content-scripts/phpbb.js', 'content-scripts/xenforo.js']);

      // Taken back there: no longer registered, no longer read.
      granted.splice(granted.indexOf('https://board.example/*'), 1);
      fake.changed();
      await keeper.sync(settingsWith([phpbb, xf]));
      expect([...fake.registered.values()]).toEqual([{ matches: ['http://xf.example/*'], js: 'content-scripts/xenforo.js' }]);
      expect(keeper.readHere(new URL('https://board.example/viewtopic.php?t=1'))).toBe(false);

      // Removed in Options: nothing left.
      await keeper.sync(settingsWith([]));
      expect(fake.registered.size).toBe(0);
    });
});
