// The built manifests (npm test builds both before the unit tests): only the sites read from
// install (RPOL, Gamers' Plane, forum.mafiascum.net), any other board only as an optional
// permission, the permissions we use, and what Firefox's store requires.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAMERS_PLANE_PAGES } from '../../lib/forums/gamersplane/site';
import { PHPBB_PAGES } from '../../lib/forums/phpbb/site';
import { BUILT_IN_MATCHES } from '../../lib/forums/registry';
import { RPOL_CONTENT_MATCHES, RPOL_MATCHES } from '../../lib/forums/rpol/hosts';

/** What the user may add, one origin at a time (never granted at install). */
const ANY_BOARD = ['*://*/*'];

const read = (p: string) => JSON.parse(readFileSync(p, 'utf8'));
const CHROME = '.output/chrome-mv3/manifest.json';
const FIREFOX = '.output/firefox-mv2/manifest.json';

describe.skipIf(!existsSync(CHROME))('Chrome MV3 manifest', () => {
  const m = read(CHROME);
  it('asks for storage, the side panel, scripting and the three sites read from install; any other board is optional', () => {
    expect(m.manifest_version).toBe(3);
    expect(m.permissions).toEqual(['storage', 'sidePanel', 'scripting', 'alarms', 'offscreen']);
    expect(m.host_permissions).toEqual([...RPOL_MATCHES, '*://gamersplane.com/*', '*://www.gamersplane.com/*', '*://forum.mafiascum.net/*']);
    expect(m.host_permissions).toEqual(BUILT_IN_MATCHES);
    expect(m.optional_host_permissions).toEqual(ANY_BOARD);
    // Notifications only when the user turns them on (the Turns view, Options).
    expect(m.optional_permissions).toEqual(['notifications']);
    expect(JSON.stringify({ ...m, optional_host_permissions: null, web_accessible_resources: null })).not.toMatch(/<all_urls>|\*:\/\/\*\//);
  });
  it('runs each forum’s content script on its own pages only, and exposes the drawer page at unguessable URLs', () => {
    // RPOL's reader at document_start (its settings arrive while the page parses); each board's too (read as it parses).
    const scripts = m.content_scripts.map((c: { run_at: string; js: string[]; matches: string[] }) => [`${c.run_at} ${c.js.join(',')}`, [...c.matches].sort()]);
    expect(scripts).toEqual([
      ['document_start content-scripts/content.js', [...RPOL_CONTENT_MATCHES].sort()],
      ['document_start content-scripts/gamersplane.js', [...GAMERS_PLANE_PAGES].sort()],
      ['document_start content-scripts/phpbb.js', [...PHPBB_PAGES].sort()],
    ]);
    expect(RPOL_CONTENT_MATCHES).toContain('*://rpol.net/display.cgi*');
    expect(RPOL_CONTENT_MATCHES).toContain('*://m.rpol.net/usermodules/diceroller.cgi*');
    // XenForo's and vBulletin's are registered at run time, for each board the user adds.
    for (const f of ['xenforo', 'vbulletin', 'phpbb']) expect(existsSync(`.output/chrome-mv3/content-scripts/${f}.js`), f).toBe(true);
    // Any board the user adds shows the drawer too: the frame's URL changes each session, and the frame checks its token.
    expect(m.web_accessible_resources[0].matches).toEqual(ANY_BOARD);
    // Only the drawer's page and code chunks, at URLs a page cannot guess; everything the page loads is covered.
    expect(m.web_accessible_resources[0]).toMatchObject({ resources: ['sidepanel.html', 'chunks/*.js'], use_dynamic_url: true });
    const loads = [...readFileSync('.output/chrome-mv3/sidepanel.html', 'utf8').matchAll(/(?:src|href)="\/([^"]+)"/g)].map((x) => x[1]!);
    expect(loads.length).toBeGreaterThan(0);
    for (const f of loads) expect(f, f).toMatch(/^chunks\/[\w-]+\.js$|^assets\//);
    expect(m.side_panel.default_path).toBe('sidepanel.html');
    expect(m.action).toBeDefined();
    expect(Object.keys(m.icons)).toEqual(['16', '32', '48', '128']);
  });
  it('needs the Chrome its side-panel calls need, speaks both languages, and has its two keyboard commands', () => {
    expect(m.minimum_chrome_version).toBe('116');
    expect(m.default_locale).toBe('en');
    expect(m.name).toBe('__MSG_extName__');
    expect(Object.keys(m.commands).sort()).toEqual(['_execute_action', 'toggle-drawer']);
    for (const l of ['en', 'it']) expect(existsSync(`.output/chrome-mv3/_locales/${l}/messages.json`), l).toBe(true);
  });
});

describe.skipIf(!existsSync(CHROME) || !existsSync(FIREFOX))('the built content script', () => {
  it('has no WXT context of its own: it reads no extension API at its top level and sends the page no event', () => {
    for (const dir of ['.output/chrome-mv3', '.output/firefox-mv2']) {
      const code = readFileSync(`${dir}/content-scripts/content.js`, 'utf8');
      // WXT's ContentScriptContext dispatches this event on the page's document and reads browser.runtime.id when defined.
      expect(code, dir).not.toContain('content-script-started');
      expect(code, dir).not.toContain('wxt:locationchange');
    }
  });
  it('leaves the roll detail, the sheet audit and the duel’s view to the extras, which the manifest does not inject', () => {
    for (const dir of ['.output/chrome-mv3', '.output/firefox-mv2']) {
      const reader = readFileSync(`${dir}/content-scripts/content.js`, 'utf8');
      const extras = readFileSync(`${dir}/content-scripts/extras.js`, 'utf8');
      // Catalogue keys only these parts use: the detail's what-if, the audit's findings, the sheet badge, the duel's view.
      for (const key of ['detail.whatIf', 'au.mythic', 'sheet.audit', 'vw.bound']) {
        expect(reader, `${dir} ${key}`).not.toContain(key);
        expect(extras, `${dir} ${key}`).toContain(key);
      }
      const m = read(`${dir}/manifest.json`);
      expect(JSON.stringify(m.content_scripts)).not.toContain('extras');
      expect(JSON.stringify(m.web_accessible_resources ?? [])).not.toContain('extras');
    }
  });
});

describe.skipIf(!existsSync(FIREFOX))('Firefox manifest', () => {
  const m = read(FIREFOX);
  it('has the fields Firefox’s store requires and no Chrome-only permission', () => {
    expect(m.manifest_version).toBe(2);
    expect(m.browser_specific_settings.gecko.id).toMatch(/@/);
    expect(m.browser_specific_settings.gecko.data_collection_permissions).toEqual({ required: ['none'] });
    expect(m.permissions).toEqual(['storage', 'alarms', ...BUILT_IN_MATCHES]);
    expect(m.optional_permissions).toEqual([...ANY_BOARD, 'notifications']);
    expect(m.sidebar_action.default_panel).toBe('sidepanel.html');
    expect(m.background.scripts).toEqual(['background.js']);
    // data_collection_permissions needs Firefox 142.
    expect(m.browser_specific_settings.gecko.strict_min_version).toBe('142.0');
    expect(Object.keys(m.commands).sort()).toEqual(['_execute_sidebar_action', 'toggle-drawer']);
  });
  it('declares Firefox for Android, from the version its manifest keys need', () => {
    expect(m.browser_specific_settings.gecko_android).toEqual({ strict_min_version: '142.0' });
  });
  it('every file the manifest names exists in the build', () => {
    const files = [
      m.background.scripts[0],
      m.sidebar_action.default_panel,
      m.options_ui.page,
      ...m.content_scripts.flatMap((c: { js: string[] }) => c.js),
      ...Object.values(m.icons ?? {}),
    ];
    for (const f of files) expect(existsSync(`.output/firefox-mv2/${f}`), f as string).toBe(true);
  });
});
