// Graphemes, not UTF-16 units: a name starting with an emoji or an accented letter written
// with a combining mark keeps its first character whole.
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The placeholder's character: the name's first grapheme, as a capital. */
export function initialOf(name: string) {
  const first = graphemes.segment(name.trim())[Symbol.iterator]().next();
  return first.done ? "?" : first.value.segment.toUpperCase();
}

/** A member's (or contact's) picture, or SPEC.md's placeholder: the first letter of the name. */
export function Avatar({ name, url, size = 40 }: { name: string; url: string | null | undefined; size?: 32 | 40 | 64 | 96 }) {
  if (url) {
    return <img className={`avatar avatar--${size}`} src={url} alt="" width={size} height={size} loading="lazy" />;
  }
  return (
    <span className={`avatar avatar--${size} avatar--placeholder`} aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}
