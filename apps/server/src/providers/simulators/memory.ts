/** A store's methods as they are when its state is in this process's memory: answered at once. */
export type Immediate<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never;
};

/** The store whose every method answers as `immediate`'s does, through a promise like a database's. */
export function asStore<T>(immediate: Immediate<T>): T {
  const methods = immediate as Record<string, (...args: unknown[]) => unknown>;
  return Object.fromEntries(
    Object.entries(methods).map(([name, method]) => [
      name,
      (...args: unknown[]) => {
        try {
          return Promise.resolve(method(...args));
        } catch (error) {
          return Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    ]),
  ) as T;
}
