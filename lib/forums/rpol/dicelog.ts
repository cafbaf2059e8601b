/** The Die Roller log (`/usermodules/diceroller.cgi`, forum-formats §2.2). */
import type { RollRecord } from '../../rolls/record';
import type { LogLine } from '../forum';
import { elementText } from './body';
import { parseRollLine, recordFromLine } from './roll-line';

export type { LogLine };

function toRecord(text: string): RollRecord | null {
  const line = parseRollLine(text);
  return line?.rollId ? recordFromLine(line, 'log', text.trim()) : null;
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
