/** The Die Roller log (`/usermodules/diceroller.cgi`, forum-formats §2.2). */
import type { RollRecord } from '../../rolls/record';
import { elementText } from './body';
import { parseRollLine } from './roll-line';

export interface LogLine {
  record: RollRecord;
  /** The element the line is in (a `<p>` on the live page), or null for a line inside a `<pre>`. */
  element: Element | null;
  /** 0-based position in the log as shown. */
  index: number;
}

function toRecord(text: string): RollRecord | null {
  const line = parseRollLine(text);
  if (!line || !line.rollId) return null;
  const [epoch, , ci] = line.rollId.split('.');
  return {
    source: 'log',
    rollerName: line.rollerName,
    rollerId: ci ?? null,
    rollId: line.rollId,
    time: Number(epoch),
    timeToMinute: false,
    timeText: line.timeText,
    results: line.results,
    specs: line.specs,
    faces: line.faces,
    rerollOnes: line.rerollOnes,
    reason: line.reason,
    secret: line.secret,
    fudged: line.fudged,
    text: text.trim().slice(0, 2000),
  };
}

/** Every roll line of a Die Roller page (`div.info_box > p`), or of a text dump in a `<pre>`. */
export function readDiceLog(doc: Document | Element): LogLine[] {
  const out: LogLine[] = [];
  const paragraphs = Array.from(doc.querySelectorAll('div.info_box p, p')).filter((p) => (p.textContent ?? '').includes('[roll='));
  if (paragraphs.length) {
    for (const p of paragraphs) {
      const record = toRecord((p.textContent ?? '').replace(/\u00a0/g, ' '));
      if (record) out.push({ record, element: p, index: out.length });
    }
    return out;
  }
  const blocks = Array.from(doc.querySelectorAll('pre'));
  const texts = blocks.length ? blocks.map((b) => b.textContent ?? '') : [elementText('body' in doc ? doc.body : doc)];
  for (const t of texts) {
    for (const line of t.split('\n')) {
      if (!line.includes('[roll=')) continue;
      const record = toRecord(line.replace(/\u00a0/g, ' '));
      if (record) out.push({ record, element: null, index: out.length });
    }
  }
  return out;
}
