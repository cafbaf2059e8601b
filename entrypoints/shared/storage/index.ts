/**
 * Storage, split by what it keeps: settings, drafts, the bound sheet and scratch, the tables store,
 * the games' private data, the seen rolls, the backup; every stored thing validated with zod on
 * the way in and out, and every read-modify-write of a key in its turn (./item.ts).
 */
export { type StoredSettings, lastSyncNote, onSettingsChanged, readSettings, writeSettings } from './settings';
export { DRAFT_PREFIX, DraftSetAside, onDraftChanged, readDraft, writeDraft } from './drafts';
export { readBoundSheet, readScratch, writeBoundSheet, writeScratch } from './sheets';
export {
  readDuelStarts,
  readGameChoice,
  readSheetsDropped,
  readTable,
  SHEETS_DROPPED_KEY,
  writeDuelStarts,
  writeGameChoice,
  writePageSheet,
  writeTable,
} from './tables';
export { countPrivate, readPrivate, updatePrivate } from './private';
export { countParlorSecrets, PARLOR_SECRETS_KEY, readParlorSecrets, saveParlorSecret } from './parlor-names';
export { addSeenRolls, moveOldSeenRolls, readSeenRolls } from './seen-rolls';
export { keepThreadPages, readThreadPages } from './thread-pages';
export { readBackup, type Restored, writeBackup } from './backup';
export { readLastLogRoll, writeLastLogRoll } from '../last-roll';
