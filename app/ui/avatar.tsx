/** A member's (or contact's) picture, or SPEC.md's placeholder: the first letter of the name. */
export function Avatar({ name, url, size = 40 }: { name: string; url: string | null | undefined; size?: 32 | 40 | 64 | 96 }) {
  if (url) {
    return <img className={`avatar avatar--${size}`} src={url} alt="" width={size} height={size} loading="lazy" />;
  }
  const letter = name.trim().charAt(0).toUpperCase() || "?";
  return (
    <span className={`avatar avatar--${size} avatar--placeholder`} aria-hidden="true">
      {letter}
    </span>
  );
}
