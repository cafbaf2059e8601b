/** How the background answers its messages (../../shared/messages/): one handler per message, typed against its declaration. */
import { BACKGROUND_MESSAGES, type BackgroundMessage, type BackgroundType } from '../../shared/messages';
import type { Message } from '../../shared/protocol';
import { answerMessages, type Handle } from '../../shared/transport';

/** The handlers of messages `M`, each by its message's type. */
export type HandlersOf<M extends Message> = { [K in M as K['type']]: Handle<K> };

/** A handler for every message to the background. */
export type Handlers = HandlersOf<BackgroundMessage>;

/** Answer the background's messages with `handlers` (background/index.ts: every one; a test: those it tries), in one listener. */
export function answerBackground(handlers: Partial<Handlers>): void {
  answerMessages(BACKGROUND_MESSAGES, handlers as Record<BackgroundType, Handle<Message> | undefined>);
}
