/** The sheet a player binds, and what the Sheets and Planner tabs hold while a user works. */
import { BoundSheetSchema, type BoundSheet, loadBoundSheet, loadScratch, type Scratch, ScratchSchema } from '../../../lib/settings/schema';
import { inTurn, storedItem } from './item';

export const BOUND_KEY = 'boundSheet';

/** The bound sheet (junk reads as none). */
export const boundItem = storedItem<BoundSheet | null>(
  BOUND_KEY,
  { parse: (v) => BoundSheetSchema.parse(v), safeParse: (v) => BoundSheetSchema.safeParse(v) },
  () => null,
  {
    load: loadBoundSheet,
  },
);

const scratchItem = storedItem<Scratch>('scratch', ScratchSchema, () => loadScratch(undefined), { load: loadScratch });

export const readBoundSheet = (): Promise<BoundSheet | null> => boundItem.read();

export async function writeBoundSheet(sheet: BoundSheet | null): Promise<void> {
  if (sheet === null) await inTurn(boundItem.context, [BOUND_KEY], () => boundItem.context.area.remove(BOUND_KEY));
  else await boundItem.write(sheet);
}

export const readScratch = (): Promise<Scratch> => scratchItem.read();

export async function writeScratch(scratch: Scratch): Promise<void> {
  await scratchItem.write(scratch);
}
