// One instance per process, even when a module is loaded twice (the server entry and the
// Remix build both import the database module; dev rebuilds re-import it too).
export function remember<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __chapter?: Map<string, unknown> };
  store.__chapter ??= new Map();
  if (!store.__chapter.has(name)) store.__chapter.set(name, create());
  return store.__chapter.get(name) as T;
}

export function forget(name: string) {
  const store = globalThis as unknown as { __chapter?: Map<string, unknown> };
  store.__chapter?.delete(name);
}
