// The HTTP semantics of a stored document (RFC 9110): which content coding to send (Accept-Encoding),
// conditional requests (If-None-Match, If-Range) and one byte range (Range), which applies to the
// representation sent, compressed or not.
import type { DocumentEncoding } from './document-store.ts';

/** Our preference when the client weighs codings alike: the smallest first. */
const PREFERENCE: readonly DocumentEncoding[] = ['br', 'gzip', 'identity'];

/** The coding to send: the client's highest-weighted one we store, ties by size; identity when none is acceptable. */
export function negotiateEncoding(acceptEncoding: string | undefined): DocumentEncoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: DocumentEncoding) => weights.get(coding) ?? (coding === 'identity' ? (weights.get('*') ?? 1) : (weights.get('*') ?? 0));
  const best = PREFERENCE.filter((coding) => weightOf(coding) > 0).sort((a, b) => weightOf(b) - weightOf(a))[0];
  // Nothing acceptable: RFC 9110 12.5.3 lets the server send identity rather than refuse.
  return best ?? 'identity';
}

/** If-None-Match against our tag (weak comparison, RFC 9110 13.1.2): `*` or any listed tag. */
export function noneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export type ByteRange = { kind: 'whole' } | { kind: 'unsatisfiable' } | { kind: 'part'; start: number; end: number };

/**
 * One `bytes=` range of a representation of `size` bytes. A header we do not serve as a range (another
 * unit, several ranges, bad syntax) or an If-Range that is not our strong tag gets the whole
 * representation, as RFC 9110 14.2 allows; a valid range that starts past the end is unsatisfiable (416).
 */
export function byteRangeOf(range: string | undefined, ifRange: string | undefined, size: number, etag: string): ByteRange {
  if (!range) return { kind: 'whole' };
  if (ifRange !== undefined && ifRange.trim() !== etag) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    // A suffix: the last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}
