import { describe, expect, it } from 'vitest';
import { reportLink, stoneVideo } from './stone-media.ts';

describe('a stone’s report link', () => {
  it('opens the lab’s own check page for GIA and IGI numbers', () => {
    expect(reportLink('GIA', '2141438871', null)).toEqual({
      label: 'View the GIA report',
      url: 'https://www.gia.edu/report-check?reportno=2141438871',
      kind: 'lab',
    });
    expect(reportLink('IGI', 'LG612345678', 'https://cdn.supplier.example/r.pdf')!.url).toBe(
      'https://www.igi.org/verify-your-report/?r=LG612345678',
    );
  });

  it('else the report the feed gave, and only a web address', () => {
    expect(reportLink('GCAL', '123456', 'https://cdn.supplier.example/r.pdf')).toEqual({
      label: 'View the GCAL report',
      url: 'https://cdn.supplier.example/r.pdf',
      kind: 'document',
    });
    expect(reportLink('GCAL', '123456', 'javascript:alert(1)')).toBeNull();
    // A PDF staff uploaded comes before the feed's link.
    expect(
      reportLink('GCAL', '123456', 'https://cdn.supplier.example/r.pdf', '/api/media/report/diamond-7.pdf'),
    ).toEqual({ label: 'View the GCAL report', url: '/api/media/report/diamond-7.pdf', kind: 'document' });
    expect(reportLink('HRD', '123456', null)).toBeNull();
  });
});

describe('a stone’s video', () => {
  const hosts = ['https://v360.example', 'http://127.0.0.1:8123'];
  it('plays only from a listed host: a file itself, a player page in a frame', () => {
    expect(stoneVideo('https://v360.example/s/AC-1.mp4', hosts)).toEqual({
      url: 'https://v360.example/s/AC-1.mp4',
      kind: 'file',
    });
    expect(stoneVideo('https://v360.example/vision/view.html?d=AC-1', hosts)!.kind).toBe('player');
    expect(stoneVideo('http://127.0.0.1:8123/a.webm', hosts)!.kind).toBe('file');
  });

  it('shows nothing from elsewhere, another port or scheme, or a non-web address', () => {
    expect(stoneVideo('https://evil.example/a.mp4', hosts)).toBeNull();
    expect(stoneVideo('http://v360.example/a.mp4', hosts)).toBeNull();
    expect(stoneVideo('http://127.0.0.1:8124/a.mp4', hosts)).toBeNull();
    expect(stoneVideo('data:video/mp4;base64,AAAA', hosts)).toBeNull();
    expect(stoneVideo(null, hosts)).toBeNull();
  });
});
