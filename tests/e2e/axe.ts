/** axe-core in a page of ours, as the Turns tests read it (WCAG 2.2 AA and best practice). */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/** axe-core's violations in `page`, as lines (`rule: [target]`). */
export async function axe(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const found = (await page.evaluate(async () => {
    const w = window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } };
    const values = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
    return (await w.axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] })).violations;
  })) as { id: string; nodes: { target: unknown }[] }[];
  return found.flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`));
}
