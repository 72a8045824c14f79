// The terms text (connections.server.ts termsText: "Label: value" lines, the entrepreneur's
// entry, a blank line, the investor's) read as two short lists. The text itself is what is
// hashed and kept in the trail, so it is parsed here rather than changed; a text this does not
// read (none is expected) is shown as it is.
const SECTIONS = [
  ["Entrepreneur", "Sector", "Amount sought", "Purpose", "Term", "Rate offered", "Country"],
  ["Investor", "Amount available", "Tickets", "Sectors", "Term", "Rate expected", "Countries"],
] as const;

type Row = { label: string; value: string };

/** The rows of each section, in order; null when the text is not laid out as expected. The
 * purpose is the one value that may run over several lines: it is what lies between the
 * entrepreneur's first three lines and last three, the investor's seven lines closing the text. */
export function readTerms(text: string): Row[][] | null {
  const lines = text.split("\n");
  const [entrepreneurLabels, investorLabels] = SECTIONS;
  const investorLines = lines.slice(-investorLabels.length);
  const entrepreneurLines = lines.slice(0, -investorLabels.length - 1);
  if (lines.length < entrepreneurLabels.length + investorLabels.length + 1 || lines.at(-investorLabels.length - 1) !== "") return null;
  const purposeAt = entrepreneurLabels.indexOf("Purpose");
  const after = entrepreneurLabels.length - purposeAt - 1;
  const purpose = entrepreneurLines.slice(purposeAt, entrepreneurLines.length - after).join("\n");
  const entrepreneurValues = [...entrepreneurLines.slice(0, purposeAt), purpose, ...entrepreneurLines.slice(-after)];
  const rows = (labels: readonly string[], values: string[]) =>
    labels.map((label, index) => (values[index]?.startsWith(`${label}: `) ? { label, value: values[index].slice(label.length + 2) } : null));
  const sections = [rows(entrepreneurLabels, entrepreneurValues), rows(investorLabels, investorLines)];
  return sections.every((section) => section.every((row) => row !== null)) ? (sections as Row[][]) : null;
}

export function TermsSummary({ text }: { text: string }) {
  const sections = readTerms(text);
  if (!sections) return <pre className="terms">{text}</pre>;
  return (
    <div className="terms terms-summary">
      {sections.map(([first, ...rows]) => (
        <section key={first.label} aria-label={first.label}>
          <p className="terms-side">
            <strong>{first.label}</strong> {first.value}
          </p>
          <dl>
            {rows.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd className="prewrap">{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
