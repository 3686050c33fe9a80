// Product pictures drawn from data: flat vector studio
// shots on a soft panel, metal by quality, stones by cut and color. Pure functions → SVG text.

type Pt = [number, number];
export type Tone = 'white' | 'yellow' | 'rose';

const METAL: Record<Tone, [string, string, string]> = {
  yellow: ['#B8860B', '#F3D27A', '#C9A227'],
  white: ['#9EA3A8', '#F2F3F5', '#B9BDC2'],
  rose: ['#B76E79', '#F1C1B5', '#C58B7E'],
};

const STONES: Record<string, [string, string, string]> = {
  diamond: ['#ffffff', '#e4ebf1', '#b4c3d0'],
  sapphire: ['#7fa2ea', '#1f4fa8', '#102d66'],
  ruby: ['#ec6a82', '#b3122e', '#650a1a'],
  emerald: ['#5fcf98', '#127a4b', '#094028'],
  tanzanite: ['#9a8ff0', '#4b3fa8', '#2a2166'],
  aquamarine: ['#c4e8f5', '#6fb7d6', '#3a86a8'],
  morganite: ['#f8d3cc', '#e6a3a0', '#b8726f'],
  spinel: ['#ef7aa0', '#c2305f', '#7a1a3a'],
  tourmaline: ['#7fe0d8', '#1aa39a', '#0d5e59'],
  pearl: ['#ffffff', '#f4efe6', '#d9cfbf'],
  none: ['#ffffff', '#e4ebf1', '#b4c3d0'],
};

const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
function shade(hex: string, f: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => (f >= 0 ? c + (255 - c) * f : c * (1 + f));
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => clamp(mix(c)).toString(16).padStart(2, '0')).join('')}`;
}
/** Three tones (light, mid, dark) for a stone name or a hex color. */
export function stoneTones(stone: string | undefined): [string, string, string] {
  if (stone && /^#?[0-9a-f]{6}$/i.test(stone)) {
    const hex = stone.startsWith('#') ? stone : `#${stone}`;
    return [shade(hex, 0.45), hex, shade(hex, -0.45)];
  }
  return STONES[stone ?? 'diamond'] ?? STONES.diamond!;
}

const f = (n: number) => Math.round(n * 10) / 10;
const pts = (p: Pt[]) => p.map(([x, y]) => `${f(x)},${f(y)}`).join(' ');

/** Outline of a cut as a polygon around (0,0), height 2 (y from -1 to 1). */
export function outline(shape: string): { points: Pt[]; step: boolean } {
  const s = shape.toLowerCase();
  const ring = (n: number, fn: (t: number) => Pt) => Array.from({ length: n }, (_, i) => fn((i / n) * Math.PI * 2));
  const rect = (w: number, c: number): Pt[] => [
    [-w + c, -1],
    [w - c, -1],
    [w, -1 + c],
    [w, 1 - c],
    [w - c, 1],
    [-w + c, 1],
    [-w, 1 - c],
    [-w, -1 + c],
  ];
  switch (s) {
    case 'oval':
      return { points: ring(24, (t) => [0.72 * Math.sin(t), -Math.cos(t)]), step: false };
    case 'cushion':
      return {
        points: ring(24, (t) => {
          const c = Math.cos(t),
            si = Math.sin(t);
          return [0.9 * Math.sign(si) * Math.abs(si) ** 0.55, -Math.sign(c) * Math.abs(c) ** 0.55];
        }),
        step: false,
      };
    case 'princess':
      return {
        points: [
          [-0.9, -0.9],
          [0, -0.9],
          [0.9, -0.9],
          [0.9, 0],
          [0.9, 0.9],
          [0, 0.9],
          [-0.9, 0.9],
          [-0.9, 0],
        ],
        step: false,
      };
    case 'asscher':
      return { points: rect(0.9, 0.32).map(([x, y]) => [x, y * 0.9] as Pt), step: true };
    case 'emerald':
      return { points: rect(0.68, 0.22), step: true };
    case 'radiant':
      return { points: rect(0.74, 0.16), step: false };
    case 'pear':
      return {
        points: ring(28, (t) => [0.74 * Math.sin(t) * ((1 - Math.cos(t)) / 2) ** 0.55, -Math.cos(t) * 1] as Pt),
        step: false,
      };
    case 'marquise':
      return {
        points: Array.from({ length: 24 }, (_, i) => {
          const a = (i / 24) * Math.PI * 2;
          const y = -Math.cos(a);
          return [0.5 * (1 - y * y) * Math.sign(Math.sin(a)), y] as Pt;
        }),
        step: false,
      };
    case 'heart':
      return {
        points: ring(
          32,
          (t) =>
            [
              (16 * Math.sin(t) ** 3) / 17,
              -(13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t)) / 17 + 0.1,
            ] as Pt,
        ),
        step: false,
      };
    default:
      return { points: ring(16, (t) => [Math.sin(t) * 0.95, -Math.cos(t) * 0.95]), step: false };
  }
}

const segmentDistance = ([px, py]: Pt, [ax, ay]: Pt, [bx, by]: Pt) => {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
};

/** Where the sparkle goes in a unit outline, and its half-size: well clear of every edge. */
export function sparkleSpot(points: Pt[]): [number, number, number] {
  const corner = points.reduce((best, p) => (-p[0] - p[1] > -best[0] - best[1] ? p : best));
  const spot: Pt = [corner[0] * 0.42, corner[1] * 0.42];
  const clearance = Math.min(...points.map((a, i) => segmentDistance(spot, a, points[(i + 1) % points.length]!)));
  return [spot[0], spot[1], Math.min(0.22, clearance * 0.8)];
}

/** A faceted stone seen from above at (cx, cy), `r` high, squashed by `tilt` (1 = top view). */
export function stone(
  shape: string,
  cx: number,
  cy: number,
  r: number,
  tones: [string, string, string],
  tilt = 1,
  pearl = false,
): string {
  const tx = ([x, y]: Pt): Pt => [cx + x * r, cy + y * r * tilt];
  if (pearl) {
    return `<g><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.9)}" fill="${tones[1]}" stroke="${tones[2]}" stroke-width="1"/><circle cx="${f(cx - r * 0.3)}" cy="${f(cy - r * 0.3)}" r="${f(r * 0.28)}" fill="#fff" opacity="0.8"/></g>`;
  }
  const { points, step } = outline(shape);
  const outer = points.map(tx);
  const [light, mid, dark] = tones;
  let out = `<polygon points="${pts(outer)}" fill="${mid}" stroke="${dark}" stroke-width="${f(Math.max(0.6, r / 40))}" stroke-linejoin="round"/>`;
  if (step) {
    for (const [k, fill] of [
      [0.78, dark],
      [0.58, light],
      [0.4, mid],
    ] as const) {
      out += `<polygon points="${pts(points.map(([x, y]) => tx([x * k, y * k])))}" fill="${fill}" stroke="${dark}" stroke-width="0.5" opacity="0.9"/>`;
    }
  } else {
    const inner = points.map(([x, y]) => tx([x * 0.55, y * 0.55]));
    const n = outer.length;
    for (let i = 0; i < n; i++) {
      const a = outer[i]!,
        b = outer[(i + 1) % n]!,
        c = inner[(i + 1) % n]!,
        d = inner[i]!;
      const fill = i % 2 ? light : dark;
      out += `<polygon points="${pts([a, b, c, d])}" fill="${fill}" opacity="${i % 4 === 0 ? 0.55 : 0.35}"/>`;
    }
    out += `<polygon points="${pts(inner)}" fill="${light}" stroke="${dark}" stroke-width="0.5" opacity="0.92"/>`;
    for (let i = 0; i < n; i += 2)
      out += `<line x1="${f(inner[i]![0])}" y1="${f(inner[i]![1])}" x2="${f(cx)}" y2="${f(cy)}" stroke="${dark}" stroke-width="0.4" opacity="0.35"/>`;
  }
  // Sparkle: toward the upper left, always inside the stone (a pear's narrow top, a marquise's tip).
  const [ux, uy, us] = sparkleSpot(points);
  const sx = cx + ux * r,
    sy = cy + uy * r * tilt,
    s = r * us;
  out += `<path d="M${f(sx)} ${f(sy - s)}L${f(sx + s * 0.18)} ${f(sy - s * 0.18)}L${f(sx + s)} ${f(sy)}L${f(sx + s * 0.18)} ${f(sy + s * 0.18)}L${f(sx)} ${f(sy + s)}L${f(sx - s * 0.18)} ${f(sy + s * 0.18)}L${f(sx - s)} ${f(sy)}L${f(sx - s * 0.18)} ${f(sy - s * 0.18)}Z" fill="#fff" opacity="0.9"/>`;
  return `<g>${out}</g>`;
}

function frame(
  title: string,
  tone: Tone,
  body: string,
  shadow: { cx: number; rx: number } = { cx: 200, rx: 120 },
): string {
  const [a, b, c] = METAL[tone];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img"><title>${escapeXml(title)}</title>` +
    `<defs><linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="0.45" stop-color="${b}"/><stop offset="0.55" stop-color="${b}"/><stop offset="1" stop-color="${c}"/></linearGradient>` +
    `<linearGradient id="mh" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<radialGradient id="sh"><stop offset="0" stop-color="#000" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="400" height="400" fill="#F7F7F5"/><ellipse cx="${shadow.cx}" cy="345" rx="${shadow.rx}" ry="13" fill="url(#sh)"/>${body}</svg>`
  );
}

export const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

export interface DrawSpec {
  kind: string;
  style?: string;
  tone: Tone;
  shape?: string;
  stone?: string;
  title: string;
}

function ringBody(style: string, shape: string, tones: [string, string, string], pearl: boolean): string {
  const band =
    `<ellipse cx="200" cy="245" rx="118" ry="84" fill="none" stroke="url(#m)" stroke-width="${style === 'mens' ? 26 : 15}"/>` +
    `<ellipse cx="200" cy="240" rx="118" ry="84" fill="none" stroke="url(#mh)" stroke-width="3" opacity="0.7"/>`;
  let body = band;
  const headY = 148;
  if (style === 'pave' || style === 'eternity' || style === 'anniversary') {
    const n = style === 'eternity' ? 26 : 11;
    for (let i = 0; i < n; i++) {
      const a = style === 'eternity' ? (i / n) * Math.PI * 2 : Math.PI * (0.55 + (i / (n - 1)) * 0.9);
      const x = 200 + Math.cos(a) * 118,
        y = 245 + Math.sin(a) * 84;
      if (style !== 'eternity' || Math.sin(a) > -0.2) body += stone('round', x, y, 6.5, tones, 0.8);
    }
  }
  if (style === 'plain' || style === 'mens' || style === 'eternity' || style === 'anniversary') return body;
  // Head: prongs holding the center stone
  body += `<path d="M176 ${headY + 18} L186 ${headY - 8} M224 ${headY + 18} L214 ${headY - 8} M192 ${headY + 20} L195 ${headY - 12} M208 ${headY + 20} L205 ${headY - 12}" stroke="url(#m)" stroke-width="5" stroke-linecap="round"/>`;
  if (style === 'halo')
    for (let i = 0; i < 18; i++) {
      const a = (i / 18) * Math.PI * 2;
      body += stone('round', 200 + Math.cos(a) * 54, headY - 30 + Math.sin(a) * 34, 6, STONES.diamond!, 0.8);
    }
  if (style === 'three-stone') {
    body += stone(shape, 140, headY - 8, 26, tones, 0.62, pearl) + stone(shape, 260, headY - 8, 26, tones, 0.62, pearl);
  }
  body += stone(shape, 200, headY - 30, style === 'halo' ? 40 : 52, tones, 0.62, pearl);
  return body;
}

function chainPath(style: string): string {
  const out: string[] = [];
  const n = style === 'box' ? 26 : 34;
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const x = 70 + t * 260;
    const y = 110 + Math.sin(t * Math.PI) * 170;
    const ang = Math.cos(t * Math.PI) * -33;
    const long = style === 'figaro' && i % 4 === 3;
    const w = long ? 30 : 19,
      h = style === 'curb' ? 11 : 13;
    const tr = `transform="rotate(${f(ang)} ${f(x)} ${f(y)})"`;
    if (style === 'box')
      out.push(
        `<rect x="${f(x - 8)}" y="${f(y - 8)}" width="16" height="16" rx="2" fill="none" stroke="url(#m)" stroke-width="4" ${tr}/>`,
      );
    else if (style === 'rope')
      out.push(
        `<path d="M${f(x - 8)} ${f(y + 6)} Q${f(x)} ${f(y - 10)} ${f(x + 8)} ${f(y - 6)}" fill="none" stroke="url(#m)" stroke-width="7" stroke-linecap="round" ${tr}/>`,
      );
    else
      out.push(
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${w / 2}" ry="${i % 2 && style === 'cable' ? 3 : h / 2}" fill="none" stroke="url(#m)" stroke-width="${style === 'curb' ? 5 : 4}" ${tr}/>`,
      );
  }
  return out.join('');
}

export function drawItem(spec: DrawSpec): string {
  const tones = stoneTones(spec.stone);
  const shape = spec.shape ?? 'round';
  const pearl = spec.stone === 'pearl';
  const style = spec.style ?? spec.kind;
  switch (spec.kind) {
    case 'ring':
      return frame(
        spec.title,
        spec.tone,
        ringBody(['halo', 'three-stone', 'pave', 'plain'].includes(style) ? style : 'solitaire', shape, tones, pearl),
      );
    case 'band':
      return frame(
        spec.title,
        spec.tone,
        ringBody(['eternity', 'anniversary', 'mens'].includes(style) ? style : 'plain', shape, tones, pearl),
      );
    case 'chain':
      return frame(
        spec.title,
        spec.tone,
        chainPath(['rope', 'box', 'figaro', 'curb'].includes(style) ? style : 'cable') + claspAt(330, 110),
      );
    case 'cord':
      return frame(
        spec.title,
        spec.tone,
        `<path d="M70 110 Q200 420 330 110" fill="none" stroke="#2a2623" stroke-width="7" stroke-linecap="round"/><rect x="60" y="96" width="20" height="14" rx="3" fill="url(#m)"/><rect x="320" y="96" width="20" height="14" rx="3" fill="url(#m)"/>` +
          claspAt(340, 100),
      );
    case 'earring': {
      const drop = style.includes('drop') || style === 'lab';
      const one = (x: number) =>
        drop
          ? `<path d="M${x} 120 v48" stroke="url(#m)" stroke-width="4"/><circle cx="${x}" cy="114" r="8" fill="none" stroke="url(#m)" stroke-width="4"/>` +
            stone(shape, x, 214, 42, tones, 1, pearl)
          : `<circle cx="${x}" cy="200" r="47" fill="url(#m)"/>` + stone(shape, x, 200, 40, tones, 1, pearl);
      return frame(spec.title, spec.tone, one(130) + one(270));
    }
    case 'pendant':
      return frame(
        spec.title,
        spec.tone,
        `<path d="M60 40 Q200 330 340 40" fill="none" stroke="url(#m)" stroke-width="2.2"/><path d="M190 178 h20 v14 h-20z" fill="url(#m)"/><circle cx="200" cy="250" r="52" fill="url(#m)"/>` +
          stone(shape, 200, 250, 45, tones, 1, pearl),
      );
    case 'bracelet': {
      let b = `<ellipse cx="200" cy="220" rx="150" ry="88" fill="none" stroke="url(#m)" stroke-width="10"/>`;
      for (let i = 0; i < 30; i++) {
        const a = (i / 30) * Math.PI * 2;
        if (Math.sin(a) > -0.35)
          b += stone(
            shape === 'pear' ? 'round' : shape,
            200 + Math.cos(a) * 150,
            220 + Math.sin(a) * 88,
            10,
            tones,
            0.8,
            pearl,
          );
      }
      return frame(spec.title, spec.tone, b, { cx: 200, rx: 160 });
    }
    case 'necklace': {
      let b = `<path d="M50 40 Q200 380 350 40" fill="none" stroke="url(#m)" stroke-width="3"/>`;
      for (let i = 0; i < 15; i++) {
        const t = 0.2 + (i / 14) * 0.6;
        const x = 50 + 300 * t;
        const y = 40 + 2 * t * (1 - t) * 340;
        b += stone(shape, x, y + 6, 8 + 8 * Math.sin(t * Math.PI) ** 4, tones, 1, pearl);
      }
      return frame(spec.title, spec.tone, b);
    }
    case 'finding':
      return frame(spec.title, spec.tone, finding(style));
    default:
      return frame(spec.title, 'white', stone(shape, 200, 200, 120, tones, 1, pearl), { cx: 200, rx: 110 });
  }
}

function claspAt(x: number, y: number): string {
  return `<path d="M${x - 8} ${y} a10 13 0 1 0 16 0" fill="none" stroke="url(#m)" stroke-width="5"/>`;
}

function finding(style: string): string {
  switch (style) {
    case 'clasp':
      return `<path d="M170 120 C110 150 110 270 200 285 C290 270 290 150 230 120 L225 150 C265 170 260 250 200 255 C140 250 135 170 175 150 Z" fill="url(#m)"/><rect x="185" y="92" width="30" height="34" rx="6" fill="url(#m)"/><circle cx="200" cy="78" r="14" fill="none" stroke="url(#m)" stroke-width="7"/>`;
    case 'jump-ring':
      return `<path d="M214 92 A110 110 0 1 1 186 92" fill="none" stroke="url(#m)" stroke-width="16" stroke-linecap="round"/>`;
    case 'bail':
      return `<path d="M150 110 V230 Q150 300 200 300 Q250 300 250 230 V110" fill="none" stroke="url(#m)" stroke-width="26" stroke-linecap="round"/><circle cx="200" cy="300" r="12" fill="url(#m)"/>`;
    default:
      return `<circle cx="200" cy="215" r="72" fill="url(#m)"/><circle cx="200" cy="215" r="46" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="4"/><rect x="190" y="110" width="20" height="80" rx="8" fill="url(#m)"/>`;
  }
}
