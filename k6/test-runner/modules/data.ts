// `k6/data` as the harness provides it: a SharedArray is the callback's array, frozen (each VU worker
// makes its own; k6 shares one between VUs, which scripts cannot tell apart).
type SharedArrayConstructor = new <T>(name: string, make: () => T[]) => readonly T[];

export const SharedArray = function SharedArray<T>(_name: string, make: () => T[]): readonly T[] {
  return Object.freeze(make());
} as unknown as SharedArrayConstructor;
