/** `html` is UTF-8 bytes when the fragment was rendered for renderToUtf8 (entry.server.tsx). */
export type RenderedFragment = { html: string | Uint8Array; lastPushedText: boolean };

type Kept = { fragment: RenderedFragment; used: boolean };

/**
 * The server's kept fragments (ui/render-cache.tsx): up to `budget` characters of keys and HTML
 * together, the oldest forgotten first unless used since it was kept or last passed over
 * ("second chance"): nearly least recently used, without moving an entry on each of the ~24
 * reads a page makes (a delete and an insert, each hashing a key of ~600 characters).
 */
export class FragmentStore {
  private entries = new Map<string, Kept>();
  private size = 0;
  constructor(private readonly budget: number) {}

  get(key: string) {
    const kept = this.entries.get(key);
    if (kept === undefined) return undefined;
    kept.used = true;
    return kept.fragment;
  }

  set(key: string, fragment: RenderedFragment) {
    const cost = key.length + fragment.html.length;
    if (cost > this.budget / 16) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.size -= key.length + old.fragment.html.length;
      this.entries.delete(key);
    }
    this.entries.set(key, { fragment, used: false });
    this.size += cost;
    // Entries put back at the end are met again in this loop, by then unmarked.
    for (const [oldest, kept] of this.entries) {
      if (this.size <= this.budget) break;
      this.entries.delete(oldest);
      if (kept.used) {
        kept.used = false;
        this.entries.set(oldest, kept);
      } else {
        this.size -= oldest.length + kept.fragment.html.length;
      }
    }
  }

  get characters() {
    return this.size;
  }
}
