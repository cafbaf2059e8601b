/** vBulletin's content script: not in the manifest; the background registers it for each vBulletin board the user adds. */
import { VBULLETIN } from '../lib/forums/vbulletin/forum';
import { startBoard } from './content/board';

export default defineContentScript({
  matches: [],
  registration: 'runtime',
  noScriptStartedPostMessage: true,
  main: () => startBoard(VBULLETIN),
});
