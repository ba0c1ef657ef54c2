// A stand-in for a value a suite's `before` hook makes: declared with the suite (so its tests can
// close over it), forwarding to the real value once it exists, and saying clearly when it does not.
export function lateBound<T extends object>(what: string, current: () => T | undefined): T {
  const resolve = (): T => {
    const target = current();
    if (!target) throw new Error(`${what} is not started yet: use it inside hooks and tests, not while the suite is declared`);
    return target;
  };
  return new Proxy({} as T, {
    get(_stand, key) {
      const target = resolve();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has: (_stand, key) => Reflect.has(resolve(), key),
  });
}
