/** The drawer's half in the extras: its frame, opened after its button. */
import { openDrawer } from '../drawer-frame';

export const half = { openDrawer };
