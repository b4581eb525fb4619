/** Any class. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- constructors of any arity
export type Constructor<T = unknown> = new (...args: any[]) => T;
