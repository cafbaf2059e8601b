// Parlor Magic's secrets: one per game in their own storage key (entrypoints/shared/storage/,
// lib/games/parlor/stored.ts), old tables migrated with nothing lost, the backup carrying them, a
// failed save refused; and the deal's SHA-256 held to sha256sum.
import { execFileSync } from 'node:child_process';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  countParlorSecrets,
  PARLOR_SECRETS_KEY,
  readBackup,
  readParlorSecrets,
  readTable,
  saveParlorSecret,
  writeBackup,
  writeTable,
} from '../../entrypoints/shared/storage';
import { sha256Hex } from '../../lib/crypto/sha256';
import { parlorCommit } from '../../lib/games/parlor/hidden';
import { pendingSecret } from '../../lib/games/parlor/stored';
import { importBackup } from '../../lib/settings/schema';
import { privateContext } from '../../entrypoints/shared/storage/private-area';
import { loadTables } from '../../lib/settings/tables';

beforeEach(() => fakeBrowser.reset());

const THREAD = 'rpol.net/51829/51';
/** A thread table as version 2 stored it: the one secret of the thread beside the nonces seen. */
const OLD = { game: 'parlor', secret: 'old-thread-secret', nonces: { '3': '0123456789abcdef' }, updatedAt: 7 };

describe('Parlor secrets in their own key', () => {
  it('an old table’s secret moves to the private area, with the commitment it made; nothing else of the table is lost', async () => {
    await fakeBrowser.storage.local.set({ tables: { version: 1, versions: { parlor: 2 }, tables: { [THREAD]: OLD } } });
    // Read before the move: the table keeps the secret (as legacySecret), so a write of the tables cannot lose it.
    expect(await readTable(THREAD)).toEqual({ game: 'parlor', legacySecret: OLD.secret, nonces: OLD.nonces, updatedAt: 7 });
    const secrets = await readParlorSecrets();
    expect(secrets.secrets[parlorCommit(OLD.secret)]).toEqual({ secret: OLD.secret, thread: THREAD, createdAt: 7 });
    const stored = await fakeBrowser.storage.local.get(null);
    // Kept where no content script reads: the extension origin's IndexedDB, not storage.local.
    expect((await privateContext.area.get(PARLOR_SECRETS_KEY))[PARLOR_SECRETS_KEY]).toMatchObject({
      version: 1,
      secrets: { [parlorCommit(OLD.secret)]: { secret: OLD.secret } },
    });
    expect(JSON.stringify(stored)).not.toContain(OLD.secret);
    expect(loadTables(stored.tables).tables[THREAD]).toEqual({ game: 'parlor', nonces: OLD.nonces, updatedAt: 7 });
    expect(JSON.stringify(stored.tables)).not.toContain(OLD.secret);
    expect(await countParlorSecrets()).toBe(1);
  });

  it('secrets kept in storage.local by the last version move to the private area: storage.local (what every content script can read) then holds none', async () => {
    const held = { version: 1, secrets: { [parlorCommit('held-here')]: { secret: 'held-here', thread: THREAD, createdAt: 3 } }, aside: {} };
    await fakeBrowser.storage.local.set({ [PARLOR_SECRETS_KEY]: held });
    expect((await readParlorSecrets()).secrets[parlorCommit('held-here')]?.secret).toBe('held-here');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('held-here');
    await saveParlorSecret('made-now', THREAD);
    const local = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(local).not.toContain('made-now');
    expect(Object.keys((await readParlorSecrets()).secrets).sort()).toEqual([parlorCommit('held-here'), parlorCommit('made-now')].sort());
  });

  it('a move that cannot be kept in the private area leaves storage.local as it was, and the secret is still read', async () => {
    const held = { version: 1, secrets: { [parlorCommit('stays')]: { secret: 'stays', thread: THREAD, createdAt: 3 } }, aside: {} };
    await fakeBrowser.storage.local.set({ [PARLOR_SECRETS_KEY]: held });
    const set = vi.spyOn(privateContext.area, 'set').mockRejectedValueOnce(new Error('IndexedDB unavailable'));
    expect((await readParlorSecrets()).secrets[parlorCommit('stays')]?.secret).toBe('stays');
    set.mockRestore();
    expect((await fakeBrowser.storage.local.get(PARLOR_SECRETS_KEY))[PARLOR_SECRETS_KEY]).toEqual(held);
  });

  it('if the move cannot be written, the secret stays in the old table and is still read', async () => {
    await fakeBrowser.storage.local.set({ tables: { version: 1, versions: { parlor: 2 }, tables: { [THREAD]: OLD } } });
    const set = vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    expect((await readParlorSecrets()).secrets[parlorCommit(OLD.secret)]?.secret).toBe(OLD.secret);
    set.mockRestore();
    expect(await readTable(THREAD)).toMatchObject({ legacySecret: OLD.secret });
  });

  it('a new game’s secret is saved by its commitment; a failed save rejects (and nothing is offered to commit)', async () => {
    const c = await saveParlorSecret('fresh-one', THREAD);
    expect(c).toBe(parlorCommit('fresh-one'));
    const secrets = await readParlorSecrets();
    expect(pendingSecret(secrets, THREAD, new Set())).toBe('fresh-one');
    // Once its commitment is in the thread, it is that game's and never commits another.
    expect(pendingSecret(secrets, THREAD, new Set([c]))).toBeNull();
    const set = vi.spyOn(privateContext.area, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    await expect(saveParlorSecret('second', THREAD)).rejects.toThrow(/quota/);
    set.mockRestore();
    expect((await readParlorSecrets()).secrets[parlorCommit('second')]).toBeUndefined();
  });

  it('page sheets and tables never touch the secrets’ key', async () => {
    await saveParlorSecret('kept', THREAD);
    await writeTable(THREAD, { game: 'parlor', nonces: {}, updatedAt: 1 });
    await writeTable(THREAD, null);
    expect((await readParlorSecrets()).secrets[parlorCommit('kept')]?.secret).toBe('kept');
  });

  it('the backup carries them under parlorSecrets; an import adds (only when asked) without replacing, and an imported one never commits a new game', async () => {
    await saveParlorSecret('mine', THREAD);
    const backup = await readBackup();
    expect(backup.parlorSecrets?.secrets[parlorCommit('mine')]?.secret).toBe('mine');
    const text = JSON.stringify({
      kind: 'spark-scribe-backup',
      version: 1,
      settings: backup.settings,
      parlorSecrets: { version: 1, secrets: { [parlorCommit('planted')]: { secret: 'planted', thread: THREAD, createdAt: 9 } }, aside: {} },
    });
    const read = importBackup(text);
    if (!read.ok) throw new Error(read.error);
    await writeBackup(read.backup);
    expect(Object.keys((await readParlorSecrets()).secrets)).toEqual([parlorCommit('mine')]);
    await writeBackup(read.backup, { takeNewSecrets: true });
    const after = await readParlorSecrets();
    expect(after.secrets[parlorCommit('mine')]).toMatchObject({ secret: 'mine' });
    expect(after.secrets[parlorCommit('planted')]).toMatchObject({ secret: 'planted', imported: true });
    expect(pendingSecret(after, THREAD, new Set([parlorCommit('mine')]))).toBeNull();
    // A secret filed under another commitment is refused, with the reason.
    const bad = importBackup(text.replace(parlorCommit('planted'), parlorCommit('other')));
    expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/Parlor secrets are not valid/) });
  });

  it('an old backup’s thread tables (version 2, the secret inside) import with the secret kept', () => {
    const text = JSON.stringify({
      kind: 'spark-scribe-backup',
      version: 1,
      settings: { version: 1 },
      tables: { version: 1, tables: { [THREAD]: OLD } },
    });
    const read = importBackup(text);
    if (!read.ok) throw new Error(read.error);
    expect(read.backup.parlorSecrets?.secrets[parlorCommit(OLD.secret)]).toMatchObject({ secret: OLD.secret, thread: THREAD });
  });
});

describe('the deal’s SHA-256 (@noble/hashes) against sha256sum', () => {
  const sum = (text: string) =>
    execFileSync('sha256sum', { input: Buffer.from(text, 'utf8') })
      .toString()
      .slice(0, 64);
  it.each([
    ['ASCII', 'parlor:ember'],
    ['empty', ''],
    ['multi-byte UTF-8', 'parlor:Café ♥ 王 🂡 ünïcödé'],
    ['55 bytes (one block with its padding)', 'a'.repeat(55)],
    ['56 bytes (the padding spills into a second block)', 'b'.repeat(56)],
    ['64 bytes (a whole block)', 'c'.repeat(64)],
    ['119 and 120 bytes', `${'d'.repeat(119)}|${'e'.repeat(120)}`],
    ['a pick’s input', 'ana-secret/0123456789abcdef/7'],
  ])('%s', (_, text) => {
    expect(sha256Hex(text)).toBe(sum(text));
  });
});
