import { bench, describe } from 'vitest';
import { auditSheetText, successDistribution } from '../lib';

const mixed = Array.from({ length: 200 }, (_, i) => (i % 11) - 5); // every modifier −5..+5

// A 200-line sheet: the full sheet, a long deck list, traits and stray prose.
const head = `Name: Bench Walker
Colour Affinity: Blue/Red
Total Earned XP: 900
Unspent XP: 0
Power: 6 (+1 race)
Toughness: 5
Life: 25
Focus: 4 (+1 Speed)
Memory: 9
Keywords: Flying, Frenzy 3, Trample, Uber-Trample, Resistance to Red 2, Regeneration (GG)
Blue: 8
Red: 8
White: 2
Mana Reservoir: 18
Max Deck Size: 200
Max Rare Cards: 10
Max Rare Copies: 2
Max Uncommon Cards: 30
Max Uncommon Copies: 3
Max Common Copies: 3
Traits:`;
const lines = head.split('\n');
for (let i = 0; lines.length < 120; i++) lines.push(`- +1 to Draw Rolls for card family ${i} (2 XP)`);
lines.push('Deck:');
const rarities = ['Common', 'Uncommon', 'Rare'];
for (let i = 0; lines.length < 200; i++) lines.push(i % 9 === 8 ? '' : `${(i % 3) + 1}x Card Number ${i} (${rarities[i % 3]})`);
const sheet200 = lines.join('\n');

describe('rules engine', () => {
  bench('successDistribution: 200 dice, mixed modifiers −5..+5', () => {
    successDistribution(200, mixed);
  });
  bench('auditSheetText: 200-line sheet', () => {
    auditSheetText(sheet200);
  });
});
