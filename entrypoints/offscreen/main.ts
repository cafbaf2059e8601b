/**
 * Chrome's offscreen document (reason DOM_PARSER): Chrome's service worker has no DOMParser, so
 * the pages the background fetched for the Turns view's checks (issue 41, item 3) are parsed and
 * read here, by the forum's own reader, and the reading is answered. Nothing else: it fetches
 * nothing, keeps nothing, and the background closes it after each pass. (Firefox's background is
 * a page: it parses there.)
 */
import { turnsRead } from '../shared/messages/turns';
import { readHtml } from '../shared/turns-read';
import type { Message } from '../shared/protocol';
import { answerMessages, type Handle } from '../shared/transport';

const answer: Handle<typeof turnsRead> = (ask) => Promise.resolve(readHtml(ask.html, ask.forum, ask.url, ask.options));
answerMessages([turnsRead], { [turnsRead.type]: answer as Handle<Message> });
