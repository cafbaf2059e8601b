// The built manifests (npm test builds both before the unit tests): only RPOL's hosts, the
// permissions we use, and what Firefox's store requires.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RPOL_CONTENT_MATCHES, RPOL_MATCHES } from '../../lib/forums/rpol/hosts';

const read = (p: string) => JSON.parse(readFileSync(p, 'utf8'));
const CHROME = '.output/chrome-mv3/manifest.json';
const FIREFOX = '.output/firefox-mv2/manifest.json';

describe.skipIf(!existsSync(CHROME))('Chrome MV3 manifest', () => {
  const m = read(CHROME);
  it('asks only for storage, the side panel and RPOL’s hosts', () => {
    expect(m.manifest_version).toBe(3);
    expect(m.permissions).toEqual(['storage', 'sidePanel']);
    expect(m.host_permissions).toEqual(RPOL_MATCHES);
    expect(m.optional_host_permissions).toBeUndefined();
    expect(JSON.stringify(m)).not.toMatch(/<all_urls>|\*:\/\/\*\//);
  });
  it('runs its content script on RPOL only, and exposes the drawer page to RPOL only', () => {
    expect(m.content_scripts).toHaveLength(1);
    expect([...m.content_scripts[0].matches].sort()).toEqual([...RPOL_CONTENT_MATCHES].sort());
    expect(m.content_scripts[0].matches).toContain('*://rpol.net/display.cgi*');
    expect(m.content_scripts[0].matches).toContain('*://m.rpol.net/usermodules/diceroller.cgi*');
    expect(m.web_accessible_resources[0].matches).toEqual(RPOL_MATCHES);
    // Only what the drawer's frame loads, at URLs a page cannot guess.
    expect(m.web_accessible_resources[0]).toMatchObject({ resources: ['sidepanel.html', 'chunks/sidepanel-*.js', 'chunks/storage-*.js'], use_dynamic_url: true });
    expect(m.side_panel.default_path).toBe('sidepanel.html');
    expect(m.action).toBeDefined();
    expect(Object.keys(m.icons)).toEqual(['16', '32', '48', '128']);
  });
});

describe.skipIf(!existsSync(FIREFOX))('Firefox manifest', () => {
  const m = read(FIREFOX);
  it('has the fields Firefox’s store requires and no Chrome-only permission', () => {
    expect(m.manifest_version).toBe(2);
    expect(m.browser_specific_settings.gecko.id).toMatch(/@/);
    expect(m.browser_specific_settings.gecko.data_collection_permissions).toEqual({ required: ['none'] });
    expect(m.permissions).toEqual(['storage', ...RPOL_MATCHES]);
    expect(m.sidebar_action.default_panel).toBe('sidepanel.html');
    expect(m.background.scripts).toEqual(['background.js']);
  });
  it('every file the manifest names exists in the build', () => {
    const files = [m.background.scripts[0], m.sidebar_action.default_panel, m.options_ui.page, ...m.content_scripts[0].js, ...Object.values(m.icons ?? {})];
    for (const f of files) expect(existsSync(`.output/firefox-mv2/${f}`), f as string).toBe(true);
  });
});
