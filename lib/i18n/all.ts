/** Both languages: the extension's pages and the background import this (the content script gets its one language from the background). */
import { registerCatalog } from './index';
import { EN } from './en';
import { IT } from './it';

registerCatalog('en', EN);
registerCatalog('it', IT);
export { EN, IT };
