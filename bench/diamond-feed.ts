// `node bench/diamond-feed.ts <rows> <file> [seed] [image base]`: a realistic supplier diamond feed for the import
// bench and for trying the importer: headers and codes as suppliers write them, prices as per carat,
// discount from a list price or total, about 1 % bad rows (unknown shape, zero weight, bad clarity).
import { createWriteStream } from 'node:fs';

const rows = Number(process.argv[2] ?? 100_000);
const file = process.argv[3] ?? 'feed.csv';
let seed = Number(process.argv[4] ?? 7);
/** Where the rows' photographs are (a local server in the media bench); `none`: no photographs. */
const images = process.argv[5] ?? 'https://images.supplier.example/';
const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;

const SHAPES = ['BR', 'RB', 'Round', 'OV', 'Oval', 'PR', 'CU', 'EM', 'PS', 'MQ', 'RA', 'AS', 'HS'];
const COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'];
const CLARITY = ['IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2'];
const GRADES = ['EX', 'VG', 'Excellent', 'Very Good', 'G'];
const FLUOR = ['NON', 'None', 'Faint', 'FNT', 'Medium', 'Strong'];
const out = createWriteStream(file);
out.write(
  'Stock #,Shape,Weight,Color,Clarity,Cut Grade,Polish,Symmetry,Fluorescence Intensity,Lab,Certificate #,Measurements,Depth %,Table %,Price Per Carat,Rap %,Rap Price,Total Price,Availability,Lab Grown,Image URL\r\n',
);
for (let i = 1; i <= rows; i++) {
  const carat = Math.round((0.3 + rnd() ** 2 * 4) * 100) / 100;
  const side = (6.4 * Math.cbrt(carat)).toFixed(2);
  const lab = rnd() < 0.3;
  const form = rnd();
  const perCarat = Math.round((lab ? 400 : 3000 + rnd() * 9000) * (1 + carat / 3));
  const bad = rnd() < 0.01 ? Math.floor(rnd() * 3) : -1;
  const cells = [
    `ST${100_000 + i}`,
    bad === 0 ? 'Blob' : pick(SHAPES),
    bad === 1 ? '0' : carat.toFixed(2),
    pick(COLORS),
    bad === 2 ? 'XX' : pick(CLARITY),
    pick(GRADES.slice(0, 3)),
    pick(GRADES),
    pick(GRADES),
    pick(FLUOR),
    lab ? 'IGI' : 'GIA',
    lab ? `LG${600_000_000 + i}` : `${2_140_000_000 + i}`,
    `${side} x ${side} x ${(Number(side) * 0.62).toFixed(2)}`,
    (59 + rnd() * 4).toFixed(1),
    (54 + rnd() * 6).toFixed(0),
    form < 0.5 ? String(perCarat) : '',
    form >= 0.5 && form < 0.8 ? `-${(20 + rnd() * 30).toFixed(1)}` : '',
    form >= 0.5 && form < 0.8 ? String(Math.round(perCarat * 1.6)) : '',
    form >= 0.8 ? `"${(perCarat * carat).toLocaleString('en-US', { maximumFractionDigits: 2 })}"` : '',
    pick(['G', 'G', 'G', 'M', 'STPS']),
    lab ? 'Y' : '',
    images === 'none' ? '' : `${images}${i}.jpg`,
  ];
  if (!out.write(`${cells.join(',')}\r\n`)) await new Promise((r) => out.once('drain', r));
}
out.end();
await new Promise((r) => out.once('finish', r));
console.log(`${rows.toLocaleString()} rows → ${file}`);
