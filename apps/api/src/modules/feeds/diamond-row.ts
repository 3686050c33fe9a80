import { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCE, LABS, type Shape } from '@facet/contracts/grades';
import { centsOf } from '@facet/contracts/money';
import { pointsOf } from '@facet/contracts/carats';

// One row of a supplier's diamond feed (the columns suppliers upload to trading networks), read by
// header name with the aliases suppliers use, checked, and turned into a stone the store can list.
// A bad row is reported with its column, value and reason; it never stops the file.

export type Field =
  | 'stock'
  | 'shape'
  | 'carat'
  | 'color'
  | 'clarity'
  | 'cut'
  | 'polish'
  | 'symmetry'
  | 'fluorescence'
  | 'lab'
  | 'certificate'
  | 'measurements'
  | 'length'
  | 'width'
  | 'depthMm'
  | 'depthPct'
  | 'tablePct'
  | 'totalPrice'
  | 'pricePerCarat'
  | 'discount'
  | 'listPrice'
  | 'availability'
  | 'labGrown'
  | 'growth'
  | 'image'
  | 'video'
  | 'certificateUrl';

/** Header → field, after lower-casing and dropping everything but letters and digits ("Stock #" → "stock"). */
const ALIASES: Record<Field, string[]> = {
  stock: [
    'stock',
    'stockno',
    'stocknumber',
    'stocknum',
    'stockid',
    'lot',
    'lotno',
    'lotnumber',
    'sku',
    'vendorstocknumber',
  ],
  shape: ['shape', 'shapename', 'cutshape'],
  carat: ['weight', 'carat', 'carats', 'caratweight', 'size', 'ct', 'cts'],
  color: ['color', 'colour', 'colorgrade'],
  clarity: ['clarity', 'claritygrade'],
  cut: ['cut', 'cutgrade', 'make'],
  polish: ['polish', 'pol'],
  symmetry: ['symmetry', 'sym', 'symm'],
  fluorescence: ['fluorescence', 'fluorescenceintensity', 'fluor', 'fluo', 'flourescence', 'fl'],
  lab: ['lab', 'gradinglab', 'certificatelab', 'cert'],
  certificate: [
    'certificate',
    'certificateno',
    'certificatenumber',
    'certno',
    'certnumber',
    'report',
    'reportno',
    'reportnumber',
  ],
  measurements: ['measurements', 'measurement', 'meas', 'dimensions'],
  length: ['length', 'measlength'],
  width: ['width', 'measwidth'],
  depthMm: ['measdepth', 'depthmm', 'height'],
  depthPct: ['depth', 'depthpct', 'depthpercent', 'totaldepth', 'depthpercentage'],
  tablePct: ['table', 'tablepct', 'tablepercent', 'tablepercentage'],
  totalPrice: ['totalprice', 'finalprice', 'price', 'totalcost', 'cost', 'amount', 'totalamount'],
  pricePerCarat: ['pricepercarat', 'priceperct', 'ppc', 'caratprice', 'cashprice', 'pricect'],
  discount: ['rap', 'rappct', 'rapdiscount', 'discount', 'discountpct', 'rapnetdiscount', 'backpct', 'back'],
  listPrice: ['rapprice', 'rapaportprice', 'listprice', 'raplist', 'rapnetprice'],
  availability: ['availability', 'avail', 'status'],
  labGrown: ['labgrown', 'lg', 'islabgrown', 'labcreated', 'origin'],
  growth: ['growthtype', 'growth', 'growthmethod'],
  image: ['image', 'imageurl', 'imagelink', 'photo', 'picture'],
  video: ['video', 'videourl', 'videolink', 'v360'],
  certificateUrl: ['certificateurl', 'certificatelink', 'certurl', 'certlink', 'reporturl', 'pdf', 'certificatepdf'],
};
// "$/ct" would normalise to "ct", a carat alias: it is read as price per carat first.
const normalise = (h: string) =>
  h
    .toLowerCase()
    .replace(/\$\s*\/\s*ct/, 'pricepercarat')
    .replace(/[^a-z0-9]/g, '');

export interface ColumnMap {
  /** Field → column index. */
  index: Partial<Record<Field, number>>;
  /** Headers that no alias (and no saved mapping) matched: reported, not fatal. */
  unknown: string[];
}

/** Which column holds which field, from the header row; `saved` (the supplier's mapping) wins over aliases. */
export function mapColumns(headers: string[], saved: Record<string, Field> = {}): ColumnMap {
  const index: Partial<Record<Field, number>> = {};
  const unknown: string[] = [];
  const savedNorm = new Map(Object.entries(saved).map(([h, f]) => [normalise(h), f]));
  headers.forEach((raw, i) => {
    const h = normalise(raw);
    if (!h) return;
    const mapped =
      savedNorm.get(h) ??
      (Object.keys(ALIASES) as Field[]).find((f) => index[f] === undefined && ALIASES[f].includes(h));
    if (mapped && index[mapped] === undefined) index[mapped] = i;
    else unknown.push(raw);
  });
  return { index, unknown };
}

const SHAPE_CODES: Record<string, Shape> = {
  round: 'Round',
  br: 'Round',
  rb: 'Round',
  rbc: 'Round',
  rd: 'Round',
  brilliant: 'Round',
  roundbrilliant: 'Round',
  princess: 'Princess',
  pr: 'Princess',
  prin: 'Princess',
  cushion: 'Cushion',
  cu: 'Cushion',
  cus: 'Cushion',
  cushionmodified: 'Cushion',
  cushionbrilliant: 'Cushion',
  oval: 'Oval',
  ov: 'Oval',
  emerald: 'Emerald',
  em: 'Emerald',
  eme: 'Emerald',
  pear: 'Pear',
  ps: 'Pear',
  pe: 'Pear',
  marquise: 'Marquise',
  mq: 'Marquise',
  mar: 'Marquise',
  radiant: 'Radiant',
  ra: 'Radiant',
  rad: 'Radiant',
  asscher: 'Asscher',
  as: 'Asscher',
  sqem: 'Asscher',
  squareemerald: 'Asscher',
  heart: 'Heart',
  hs: 'Heart',
  ht: 'Heart',
  he: 'Heart',
};
const GRADE: Record<string, string> = {
  id: 'Ideal',
  ideal: 'Ideal',
  ex: 'Excellent',
  exc: 'Excellent',
  excellent: 'Excellent',
  '8x': 'Excellent',
  vg: 'Very Good',
  verygood: 'Very Good',
  g: 'Good',
  gd: 'Good',
  good: 'Good',
  f: 'Fair',
  fr: 'Fair',
  fair: 'Fair',
  p: 'Poor',
  pr: 'Poor',
  poor: 'Poor',
};
const FLUOR: Record<string, string> = {
  none: 'None',
  non: 'None',
  n: 'None',
  nil: 'None',
  neg: 'None',
  negligible: 'None',
  faint: 'Faint',
  fnt: 'Faint',
  f: 'Faint',
  slight: 'Faint',
  sl: 'Faint',
  vsl: 'Faint',
  veryslight: 'Faint',
  medium: 'Medium',
  med: 'Medium',
  m: 'Medium',
  strong: 'Strong',
  stg: 'Strong',
  st: 'Strong',
  s: 'Strong',
  verystrong: 'Very Strong',
  vst: 'Very Strong',
  vstg: 'Very Strong',
  vs: 'Very Strong',
};
const ALL_COLORS = 'DEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const ALL_CLARITIES = ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'SI3', 'I1', 'I2', 'I3'];
const ALL_LABS = ['GIA', 'IGI', 'GCAL', 'HRD', 'AGS', 'EGL', 'GSI', 'IIDGR'];

export interface FeedStone {
  stock: string;
  origin: 'natural' | 'lab';
  shape: Shape;
  caratPoints: number;
  color: string;
  clarity: string;
  cut: string;
  polish: string;
  symmetry: string;
  fluorescence: string;
  lab: string;
  certificate: string;
  lengthMm: number;
  widthMm: number;
  depthMm: number;
  depthPct: number;
  tablePct: number;
  costCents: number;
  /** Which of the supplier's price forms gave the cost (the report says so per row). */
  priceForm: 'total' | 'per-carat' | 'discount';
  growth: 'CVD' | 'HPHT' | null;
  imageUrl: string | null;
  videoUrl: string | null;
  certificateUrl: string | null;
}
export interface RowError {
  column: string;
  value: string;
  reason: string;
}
export type RowResult =
  { kind: 'stone'; stone: FeedStone } | { kind: 'unlisted'; stock: string } | { kind: 'errors'; errors: RowError[] };

const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
/** A money amount: "1,234.50", "$1234.5" → number (NaN when it is not one). */
const num = (s: string) => (s.trim() === '' ? NaN : Number(s.replace(/[$,%\s]/g, '')));
/**
 * A weight, size or percentage: "1.01", "61.5%". A comma is refused rather than guessed ("1,0" may be
 * one carat written the European way, or ten).
 */
const dec = (s: string) => (s.trim() === '' || s.includes(',') ? NaN : Number(s.replace(/[%\s]/g, '')));
const url = (s: string | undefined) => (s && /^https?:\/\/\S+$/i.test(s.trim()) ? s.trim() : null);

/** Reads one data row by the column map; `headers` name the columns in errors. */
export function readDiamondRow(cells: string[], map: ColumnMap, headers: string[]): RowResult {
  const errors: RowError[] = [];
  const at = (f: Field) => (map.index[f] === undefined ? '' : (cells[map.index[f]!] ?? '').trim());
  const col = (f: Field) => (map.index[f] === undefined ? f : headers[map.index[f]!]!);
  const fail = (f: Field, reason: string) => errors.push({ column: col(f), value: at(f), reason });

  const stock = at('stock');
  if (!stock) fail('stock', 'no stock number');
  else if (stock.length > 40 || !/^[\w.\-/]+$/.test(stock))
    fail('stock', 'a stock number is up to 40 letters, digits, dots, dashes or slashes');

  const availability = key(at('availability'));
  if (['na', 'notavailable', 'sold', 'hold', 'onhold', 'unavailable'].includes(availability))
    return stock ? { kind: 'unlisted', stock } : { kind: 'errors', errors };
  if (
    availability &&
    !['g', 'guaranteed', 'available', 'm', 'memo', 'stps', 'subjecttopriorsale', 'a', 'ok', 'yes'].includes(
      availability,
    )
  )
    fail('availability', 'availability is G (guaranteed), M (memo), STPS or NA');

  const shape = SHAPE_CODES[key(at('shape'))];
  if (!shape) fail('shape', at('shape') ? `unknown shape "${at('shape')}"` : 'no shape');

  const carat = dec(at('carat'));
  if (at('carat').includes(',')) fail('carat', 'write the carat weight with a decimal point, like 1.01');
  else if (!(carat > 0 && carat <= 50)) fail('carat', 'carat weight must be more than 0 and at most 50');

  const color = at('color').toUpperCase().replace(/\s/g, '');
  if (!ALL_COLORS.includes(color)) fail('color', 'color is a grade from D to Z');
  else if (!(COLORS as readonly string[]).includes(color))
    fail('color', `the store lists colors ${COLORS[0]}–${COLORS.at(-1)}`);

  const clarity = at('clarity').toUpperCase().replace(/\s/g, '');
  if (!ALL_CLARITIES.includes(clarity)) fail('clarity', `unknown clarity "${at('clarity')}"`);
  else if (!(CLARITIES as readonly string[]).includes(clarity))
    fail('clarity', `the store lists clarities ${CLARITIES[0]}–${CLARITIES.at(-1)}`);

  const grade = (f: 'cut' | 'polish' | 'symmetry', allowed: readonly string[]) => {
    const g = GRADE[key(at(f))];
    if (!at(f)) fail(f, `no ${f} grade`);
    else if (!g) fail(f, `unknown ${f} grade "${at(f)}"`);
    else if (!allowed.includes(g)) fail(f, `the store lists ${f} ${allowed.join(', ')}`);
    return g ?? '';
  };
  const cut = grade('cut', CUTS);
  const polish = grade('polish', FINISHES);
  const symmetry = grade('symmetry', FINISHES);

  const fluor = at('fluorescence') ? FLUOR[key(at('fluorescence'))] : 'None';
  if (!fluor) fail('fluorescence', `unknown fluorescence "${at('fluorescence')}"`);
  else if (!(FLUORESCENCE as readonly string[]).includes(fluor))
    fail('fluorescence', `the store lists fluorescence ${FLUORESCENCE.join(', ')}`);

  const lab = at('lab').toUpperCase();
  if (!ALL_LABS.includes(lab)) fail('lab', lab ? `unknown lab "${at('lab')}"` : 'no grading lab');
  else if (!(LABS as readonly string[]).includes(lab)) fail('lab', `the store lists reports from ${LABS.join(', ')}`);
  const certificate = at('certificate');
  if (!/^[A-Za-z0-9-]{5,20}$/.test(certificate))
    fail('certificate', certificate ? 'a report number is 5–20 letters or digits' : 'no report number');

  let [length, width, depth] = [dec(at('length')), dec(at('width')), dec(at('depthMm'))];
  if (at('measurements')) {
    const m = at('measurements').match(/^\s*([\d.]+)\s*[x×*-]\s*([\d.]+)\s*[x×*-]\s*([\d.]+)\s*(mm)?\s*$/i);
    if (m) [length, width, depth] = [Number(m[1]), Number(m[2]), Number(m[3])];
    else fail('measurements', 'measurements are length × width × depth in mm, like 6.45 x 6.48 x 3.98');
  }
  if (!(length > 0 && width > 0 && depth > 0 && length < 100 && width < 100 && depth < 100)) {
    if (!errors.some((e) => e.column === col('measurements')))
      fail('measurements', 'no measurements (length × width × depth in mm)');
  }
  const depthPct = dec(at('depthPct'));
  if (!(depthPct > 30 && depthPct < 90)) fail('depthPct', 'depth % must be between 30 and 90');
  const tablePct = dec(at('tablePct'));
  if (!(tablePct > 30 && tablePct < 90)) fail('tablePct', 'table % must be between 30 and 90');

  // Price: per carat wins over a discount; a total stands alone.
  let costCents = 0;
  let priceForm: FeedStone['priceForm'] = 'total';
  const total = num(at('totalPrice')),
    perCarat = num(at('pricePerCarat')),
    discount = num(at('discount')),
    list = num(at('listPrice'));
  if (carat > 0 && perCarat > 0) {
    costCents = centsOf(perCarat * carat);
    priceForm = 'per-carat';
  } else if (carat > 0 && at('discount') && !Number.isNaN(discount)) {
    // -0.30 and -30 both mean 30 % below the list price per carat.
    const off = Math.abs(discount) > 1 ? discount / 100 : discount;
    if (!(list > 0)) fail('discount', 'a discount needs the list price per carat (Rap Price)');
    else if (!(off > -1 && off < 1)) fail('discount', 'a discount is a fraction like -0.30 or a percentage like -30');
    else costCents = centsOf(list * (1 + off) * carat);
    priceForm = 'discount';
  } else if (total > 0) costCents = centsOf(total);
  if (carat > 0 && !errors.some((e) => e.column === col('discount')) && !(costCents > 0))
    fail(
      at('totalPrice') ? 'totalPrice' : 'pricePerCarat',
      'price must be more than 0 (total, per carat, or a discount from a list price)',
    );

  const origin = labGrown(at('labGrown'), at('growth')) ? 'lab' : 'natural';
  const growthKey = key(at('growth'));
  const growth = growthKey.includes('cvd') ? 'CVD' : growthKey.includes('hpht') ? 'HPHT' : null;

  if (errors.length) return { kind: 'errors', errors };
  return {
    kind: 'stone',
    stone: {
      stock,
      origin,
      shape: shape!,
      caratPoints: pointsOf(carat),
      color,
      clarity,
      cut,
      polish,
      symmetry,
      fluorescence: fluor!,
      lab,
      certificate: certificate.toUpperCase(),
      lengthMm: length,
      widthMm: width,
      depthMm: depth,
      depthPct,
      tablePct,
      costCents,
      priceForm,
      growth,
      imageUrl: url(at('image')),
      videoUrl: url(at('video')),
      certificateUrl: url(at('certificateUrl')),
    },
  };
}

function labGrown(flag: string, growth: string) {
  const f = key(flag);
  if (['y', 'yes', 'true', '1', 'lab', 'labgrown', 'lg', 'labcreated', 'synthetic'].includes(f)) return true;
  return /cvd|hpht/i.test(growth);
}
