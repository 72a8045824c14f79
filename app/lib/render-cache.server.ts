export type RenderedFragment = { html: string; lastPushedText: boolean };

/**
 * The server's kept fragments (ui/render-cache.tsx): up to `budget` characters of keys and HTML
 * together, the least recently used forgotten first.
 */
export class FragmentStore {
  private entries = new Map<string, RenderedFragment>();
  private size = 0;
  constructor(private readonly budget: number) {}

  get(key: string) {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: RenderedFragment) {
    const cost = key.length + entry.html.length;
    if (cost > this.budget / 16) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.size -= key.length + old.html.length;
      this.entries.delete(key);
    }
    this.entries.set(key, entry);
    this.size += cost;
    for (const [oldest, fragment] of this.entries) {
      if (this.size <= this.budget) break;
      this.entries.delete(oldest);
      this.size -= oldest.length + fragment.html.length;
    }
  }

  get characters() {
    return this.size;
  }
}
