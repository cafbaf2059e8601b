/**
 * Where When Sparks Fly's fold may start without the posts before it (a long thread is read back
 * to the last such post, lib/threads): every state post carries the match's whole log.
 */
import type { StartPost } from '../game';
import { LOG_MARK } from './log-text';

export const sparksFlyStarts = (posts: readonly StartPost[]): number[] => posts.filter((p) => p.text.includes(LOG_MARK)).map((p) => p.post);
