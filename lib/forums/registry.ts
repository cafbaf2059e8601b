/**
 * The forums Spark Scribe knows, listed once: each forum's folder, by its id. Extension pages
 * (the panel, Options, the background) find a forum's writer here; a content script imports only
 * its own forum's reader.
 */
import { RPOL_WRITER } from './rpol/writer';
import type { ForumWriter } from './writer';

export const FORUMS = [{ id: 'rpol', name: 'RPOL', writer: RPOL_WRITER }] as const satisfies readonly { id: string; name: string; writer: ForumWriter }[];

export type ForumId = (typeof FORUMS)[number]['id'];

/** A forum's writer by its id (RPOL's when the id is not one of ours). */
export function writerFor(id: string | null | undefined): ForumWriter {
  return (FORUMS.find((f) => f.id === id) ?? FORUMS[0]).writer;
}
