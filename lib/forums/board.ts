/**
 * What the board adapters beside RPOL share (phpBB, XenForo, vBulletin, Gamers' Plane): the
 * viewer's clock (boards show no clock of their own), times as the page gives them to machines,
 * a post's number from an id, names cleaned for a badge, and the forum's id of a site. Each forum
 * folder still says everything that is its own.
 */
import type { PageClock } from '../reading/records';
import { findFacesLines } from '../rolls/faces-line';
import type { TypedLine } from '../reading/reader';

/** A board's page shows no clock: times are the viewer's own zone (the browser's). */
export function viewerClock(): PageClock {
  return { now: null, offset: -new Date().getTimezoneOffset() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-20 18:05" in the zone `offset` minutes east of UTC. */
export function formatStamp(epoch: number, offset: number): string {
  const d = new Date((epoch + offset * 60) * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Unix seconds from an element's machine time: `datetime` (ISO 8601) or `data-time` (seconds); null when neither reads. */
export function machineTime(el: Element | null | undefined): number | null {
  if (!el) return null;
  const seconds = Number(el.getAttribute('data-time'));
  if (Number.isInteger(seconds) && seconds > 0) return seconds;
  const iso = el.getAttribute('datetime') ?? '';
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? Date.parse(iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) : Number.NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

/** The number at the end of an id such as `p123`, `post-123`, `post_message_123`: digits only, positive; null otherwise. */
export function numberAfter(prefix: string, id: string | null | undefined): number | null {
  if (!id?.startsWith(prefix)) return null;
  const rest = id.slice(prefix.length);
  if (!/^\d{1,12}$/.test(rest)) return null;
  const n = Number(rest);
  return n > 0 ? n : null;
}

/** An element's text on one line, bounded (a name, a title). */
export function lineOf(el: Element | null | undefined, max = 200): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, max);
}

/** A query parameter of a URL or a link's href (`t` of `viewtopic.php?f=2&t=5`); null when absent. */
export function paramOf(href: string | null | undefined, name: string): string | null {
  const m = new RegExp(`[?&;]${name}=(\\d{1,12})(?:[&#;]|$)`).exec(href ?? '');
  return m ? m[1]! : null;
}

/** A URL's path, or '' when it is not a URL (a bare document in the tests). */
export function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/** What a body's plain text must hold for a roll to be read from it beside the server's: a pool ("5d10"). */
export const NAMES_A_POOL = /\d[dD]\d/;

/** A board's typed roll lines: each pool written with its faces, the post author's. */
export const facesTypedLines = (text: string, author: string): TypedLine[] => findFacesLines(text, author).map((l) => ({ ...l, rollTagAsText: false }));

/** For a board whose dice markup is not known: no body marks a server roll, so none is ever asked for. */
export function noServerRolls(): never {
  throw new Error('this board has no server roll markup Spark Scribe knows');
}
