/** XenForo's content script: not in the manifest; the background registers it for each XenForo board the user adds. */
import { XENFORO } from '../lib/forums/xenforo/forum';
import { startBoard } from './content/board';

export default defineContentScript({
  matches: [],
  registration: 'runtime',
  noScriptStartedPostMessage: true,
  main: () => startBoard(XENFORO),
});
