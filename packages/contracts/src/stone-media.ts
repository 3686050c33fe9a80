// Where a stone's grading report and 360° video are opened from, decided once for the API and its
// tests: the lab's own verification page for the report number where the lab has one (so the
// number can be checked with the lab itself), else the report the feed or staff gave.

/** The labs whose report-check pages take the report number in the address. */
const LAB_CHECK: Record<string, (n: string) => string> = {
  GIA: (n) => `https://www.gia.edu/report-check?reportno=${encodeURIComponent(n)}`,
  IGI: (n) => `https://www.igi.org/verify-your-report/?r=${encodeURIComponent(n)}`,
};

const webAddress = (url: string | null | undefined) => {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : null;
  } catch {
    return null;
  }
};

export interface ReportLink {
  label: string;
  url: string;
  /** The lab's own check page, or the report document the feed or staff gave. */
  kind: 'lab' | 'document';
}

/**
 * "View the GIA report": the lab's check page for the number; else the PDF staff uploaded (a path
 * of this store); else the report address the feed gave (http(s) only).
 */
export function reportLink(
  lab: string,
  certificate: string,
  given: string | null | undefined,
  uploaded: string | null = null,
): ReportLink | null {
  const check = LAB_CHECK[lab.toUpperCase()];
  const own = webAddress(given);
  const label = `View the ${lab} report`;
  if (check && /^[A-Za-z0-9-]{5,20}$/.test(certificate)) return { label, url: check(certificate), kind: 'lab' };
  if (uploaded) return { label, url: uploaded, kind: 'document' };
  return own ? { label, url: own.href, kind: 'document' } : null;
}

export interface StoneVideo {
  url: string;
  /** A video file the page plays itself, or the supplier's player page shown in a sandboxed frame. */
  kind: 'file' | 'player';
}

/** The stone's video when it comes from a host the store lists; otherwise none is shown. */
export function stoneVideo(given: string | null | undefined, origins: readonly string[]): StoneVideo | null {
  const u = webAddress(given);
  if (!u || !origins.includes(u.origin.toLowerCase())) return null;
  return { url: u.href, kind: /\.(mp4|webm|mov|m4v)$/i.test(u.pathname) ? 'file' : 'player' };
}
