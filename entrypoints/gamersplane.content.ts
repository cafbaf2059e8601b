/** Gamers' Plane's content script: its thread pages, read from install. */
import { GAMERS_PLANE } from '../lib/forums/gamersplane/forum';
import { GAMERS_PLANE_PAGES } from '../lib/forums/gamersplane/site';
import { startBoard } from './content/board';

export default defineContentScript({
  matches: GAMERS_PLANE_PAGES,
  runAt: 'document_start',
  noScriptStartedPostMessage: true,
  main: () => startBoard(GAMERS_PLANE),
});
