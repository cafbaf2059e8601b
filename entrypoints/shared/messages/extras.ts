/** The reader's extras (../extras.ts), put into the asking frame by the background. */
import { checkDone, type Message } from '../protocol';

export const loadExtras = {
  type: 'load-extras',
  ask: () => ({}),
  answer: checkDone,
} as const satisfies Message;
