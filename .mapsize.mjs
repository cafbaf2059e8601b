import fs from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const file = process.argv[2];
const code = fs.readFileSync(file, 'utf8');
const map = new SourceMapConsumer(JSON.parse(fs.readFileSync(file + '.map', 'utf8')));
const lines = code.split('\n');
const sizes = new Map();
let prev = null;
const lineStarts = [];
// attribute each generated char to the mapping before it
const mappings = [];
map.eachMapping((m) => mappings.push(m));
mappings.sort((a,b)=> a.generatedLine-b.generatedLine || a.generatedColumn-b.generatedColumn);
for (let i=0;i<mappings.length;i++){
  const m=mappings[i], n=mappings[i+1];
  let len;
  if (n && n.generatedLine===m.generatedLine) len = n.generatedColumn-m.generatedColumn;
  else len = lines[m.generatedLine-1].length - m.generatedColumn + 1;
  const src = (m.source||'?').replace(/.*\/main\//,'');
  sizes.set(src,(sizes.get(src)||0)+len);
}
const arr=[...sizes].sort((a,b)=>b[1]-a[1]);
let tot=0; for(const [,v] of arr) tot+=v;
console.log('total mapped', tot, 'of', code.length);
const dirs=new Map();
for (const [s,v] of arr){ const d=s.split('/').slice(0,3).join('/'); dirs.set(d,(dirs.get(d)||0)+v);}
for (const [s,v] of [...dirs].sort((a,b)=>b[1]-a[1])) console.log(String(v).padStart(7), s);
console.log('---');
for (const [s,v] of arr.slice(0,45)) console.log(String(v).padStart(7), s);
