// The catalogues: both languages complete, no key missing or unused, placeholders the same.
import '../../lib/i18n/all';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGS, pickLocale, placeholders, tl, type Entry } from '../../lib/i18n';

const SOURCE_DIRS = ['lib', 'components', 'entrypoints'];
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    // The catalogues themselves do not count as a use.
    return /\.(ts|tsx)$/.test(f) && p !== join('lib', 'i18n', 'en.ts') && p !== join('lib', 'i18n', 'it.ts') ? [p] : [];
  });
}
const code = SOURCE_DIRS.flatMap(sources)
  .map((p) => readFileSync(p, 'utf8'))
  .join('\n');
const en = CATALOGS.en as Record<string, Entry>;
const it_ = CATALOGS.it as Record<string, Entry>;

describe('the catalogues', () => {
  it('English and Italian have the same keys', () => {
    expect(Object.keys(it_).sort()).toEqual(Object.keys(en).sort());
  });

  it('each message has the same placeholders and the same plural shape in both languages', () => {
    for (const k of Object.keys(en)) {
      expect(placeholders(it_[k]!), k).toEqual(placeholders(en[k]!));
      expect(typeof it_[k], k).toBe(typeof en[k]);
      expect(String(it_[k] && (typeof it_[k] === 'string' ? it_[k] : (it_[k] as { other: string }).other)).trim(), k).not.toBe('');
    }
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: the test's name shows the template form it looks for
  it('every key is used in the code (literally, or by a `prefix.${…}` template)', () => {
    const literal = new Set([...code.matchAll(/['"`]([a-z][\w-]*(?:\.[\w-]+)+)['"`]/g)].map((m) => m[1]!));
    const prefixes = [...code.matchAll(/`([a-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g)].map((m) => m[1]!);
    const unused = Object.keys(en).filter((k) => !literal.has(k) && !prefixes.some((p) => k.startsWith(p)));
    expect(unused).toEqual([]);
  });

  it('every key the code asks for exists', () => {
    const asked = [...code.matchAll(/\bt[lxr]?\((?:[\w.()]+,\s*)?'([a-z][\w-]*(?:\.[\w-]+)+)'/g)].map((m) => m[1]!);
    expect(asked.length).toBeGreaterThan(100);
    expect(asked.filter((k) => !(k in en))).toEqual([]);
  });

  it('plurals follow each language’s rules', () => {
    expect(tl('en', 'badge.successes', { count: 1 })).toBe('1 success');
    expect(tl('en', 'badge.successes', { count: 0 })).toBe('0 successes');
    expect(tl('it', 'badge.successes', { count: 1 })).toBe('1 successo');
    expect(tl('it', 'badge.successes', { count: 0 })).toBe('0 successi');
    expect(tl('it', 'badge.successes', { count: 4 })).toBe('4 successi');
  });

  it('the language follows the browser unless one is chosen', () => {
    expect(pickLocale('auto', ['it-IT', 'en-US'])).toBe('it');
    expect(pickLocale('auto', ['de-DE', 'en-GB'])).toBe('en');
    expect(pickLocale('auto', ['fr'])).toBe('en');
    expect(pickLocale('en', ['it'])).toBe('en');
    expect(pickLocale('it', [])).toBe('it');
  });
});

describe('the manifest’s own messages (_locales)', () => {
  const read = (l: string) => JSON.parse(readFileSync(`public/_locales/${l}/messages.json`, 'utf8')) as Record<string, { message: string }>;
  it('English and Italian have the same keys; every one is used by the manifest, and every one it uses exists', () => {
    const [e, i] = [read('en'), read('it')];
    expect(Object.keys(i).sort()).toEqual(Object.keys(e).sort());
    const config = readFileSync('wxt.config.ts', 'utf8');
    const used = [...config.matchAll(/__MSG_(\w+)__/g)].map((m) => m[1]!);
    expect([...new Set(used)].sort()).toEqual(Object.keys(e).sort());
    for (const k of Object.keys(e)) expect(i[k]!.message.trim(), k).not.toBe('');
  });
  it('the description fits the Chrome Web Store’s 132 characters, in both languages', () => {
    for (const l of ['en', 'it']) expect(read(l).extDescription!.message.length, l).toBeLessThanOrEqual(132);
  });
});

describe('the Italian UI', () => {
  it('reads the planeswalker rules (seed 002) in their own Italian words, and the rest in Italian', async () => {
    // The language is given to each pure function (none reads a global one): the UI's here is Italian.
    const ui = 'it' as const;
    const { runPlaneswalkers, PLANESWALKER_RULES } = await import('../../lib/games/planeswalkers/engine');
    const { readSparkRoll } = await import('../../lib/spark/reading');
    {
      const s = runPlaneswalkers(
        {
          events: [
            { enter: 'e', name: 'Elspeth, Knight-Errant', subtype: 'Elspeth', controller: 'A', loyalty: 4 },
            { turn: 'A' },
            { activate: 'e', by: 'B', cost: 1 },
          ],
        },
        ui,
      );
      expect(s.refused[0]!.rule).toContain(PLANESWALKER_RULES.controller.it);
      expect(s.refused[0]!.rule).toContain('è controllato da A');
      const r = readSparkRoll(
        {
          specs: [{ count: 4, sides: 10, modifier: 0, raw: '4d10' }],
          faces: [9, 1, 6, 4],
          results: [20],
          reason: 'Draw: Disenchant (Rare)',
          rerollOnes: false,
        },
        undefined,
        ui,
      );
      expect(r.outcome).toBe('fallita: +1 a Incanalare');
      expect(r.drawResult).toBe('failed');
      expect(r.rule).toMatch(/^Pescata Rara: difficoltà 4/);
    }
  });
});

describe('a catalogue received in a message', () => {
  it('is taken only when every key has our form and every value is text', async () => {
    const { checkedCatalog } = await import('../../lib/i18n');
    expect(checkedCatalog({ 'badge.successes': { one: '{count} successo', other: '{count} successi' }, 'trust.verified': 'verificato' })).toEqual({
      'badge.successes': { one: '{count} successo', other: '{count} successi' },
      'trust.verified': 'verificato',
    });
    expect(checkedCatalog({ 'trust.verified': { toString: 1 } })).toBeNull();
    expect(checkedCatalog({ '<img src=x>': 'x' })).toBeNull();
    expect(checkedCatalog(['a'])).toBeNull();
    expect(checkedCatalog(null)).toBeNull();
  });
});
