/** phpBB's content script: forum.mafiascum.net's topics from install; any other phpBB board once the user adds it (registered by the background). */
import { PHPBB } from '../lib/forums/phpbb/forum';
import { PHPBB_PAGES } from '../lib/forums/phpbb/site';
import { startBoard } from './content/board';

export default defineContentScript({
  matches: PHPBB_PAGES,
  runAt: 'document_start',
  noScriptStartedPostMessage: true,
  main: () => startBoard(PHPBB),
});
