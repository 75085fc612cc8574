/**
 * Where the app is, and how it moves: the browser's history, or an in-memory one for tests. Each entry has a key,
 * so a Back can find the scroll position it left.
 */

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };
export type Path = Pick<Location, 'pathname' | 'search' | 'hash'>;
/** `/transactions?status=failed#top`, `?tab=pin`, `#manual-deposits`, or its parts */
export type To = string | Partial<Path>;
export type Action = 'POP' | 'PUSH' | 'REPLACE';

export type History = {
  readonly location: Location;
  readonly action: Action;
  push(to: Path, state: unknown): void;
  replace(to: Path, state: unknown): void;
  go(delta: number): void;
  /** called after every move, Back and Forward included */
  listen(listener: () => void): () => void;
};

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `/a/b?x=1#y` → its parts; a path without a leading slash is resolved against `from`'s directory. */
export function parsePath(text: string): Partial<Path> {
  const path: Partial<Path> = {};
  let rest = text;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    path.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    path.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest !== '') path.pathname = rest;
  return path;
}

/** Where `to` leads from `from`: a missing pathname stays on the page, a relative one is taken from its folder. */
export function resolveTo(to: To, from: Path): Path {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  if (parts.pathname === undefined) {
    // `?tab=pin` keeps the page; `#section` keeps the page and its query
    return {
      pathname: from.pathname,
      search: parts.search ?? (parts.hash === undefined ? '' : from.search),
      hash: parts.hash ?? '',
    };
  }
  const pathname = parts.pathname.startsWith('/')
    ? parts.pathname
    : new URL(parts.pathname, `http://x${from.pathname}`).pathname;
  return { pathname, search: normalise(parts.search, '?'), hash: normalise(parts.hash, '#') };
}

const normalise = (value: string | undefined, lead: string) =>
  !value || value === lead ? '' : value.startsWith(lead) ? value : `${lead}${value}`;

export const hrefOf = (path: Path) => `${path.pathname}${path.search}${path.hash}`;

type Entry = { usr: unknown; key: string };

function entryOf(value: unknown): Entry {
  if (typeof value === 'object' && value !== null && 'key' in value && typeof value.key === 'string')
    return { usr: 'usr' in value ? value.usr : undefined, key: value.key };
  return { usr: undefined, key: 'default' };
}

export function createBrowserHistory(): History {
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const entry = entryOf(window.history.state);
    return { pathname, search, hash, state: entry.usr, key: entry.key };
  };
  let location = read();
  let action: Action = 'POP';
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const move = (kind: 'PUSH' | 'REPLACE', to: Path, state: unknown) => {
    const entry: Entry = { usr: state, key: newKey() };
    if (kind === 'PUSH') window.history.pushState(entry, '', hrefOf(to));
    else window.history.replaceState(entry, '', hrefOf(to));
    location = read();
    action = kind;
    notify();
  };
  window.addEventListener('popstate', () => {
    location = read();
    action = 'POP';
    notify();
  });
  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    push: (to, state) => {
      move('PUSH', to, state);
    },
    replace: (to, state) => {
      move('REPLACE', to, state);
    },
    go: (delta) => {
      window.history.go(delta);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const entries: Location[] = initialEntries.map((text, i) => ({
    ...resolveTo(text, { pathname: '/', search: '', hash: '' }),
    state: undefined,
    key: i === 0 ? 'default' : newKey(),
  }));
  let index = entries.length - 1;
  let action: Action = 'POP';
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const current = () =>
    entries[index] ?? { pathname: '/', search: '', hash: '', state: undefined, key: 'default' };
  return {
    get location() {
      return current();
    },
    get action() {
      return action;
    },
    push(to, state) {
      entries.splice(index + 1, entries.length, { ...to, state, key: newKey() });
      index = entries.length - 1;
      action = 'PUSH';
      notify();
    },
    replace(to, state) {
      entries[index] = { ...to, state, key: newKey() };
      action = 'REPLACE';
      notify();
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      action = 'POP';
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
