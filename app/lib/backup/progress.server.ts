/**
 * A progress line for long runs: at most one update every `everyMs`, the first after that long,
 * so a backup of a few seconds prints only its result and one of an hour shows it is alive.
 */
export function progressLine(label: string, log: (line: string) => void, everyMs = 5_000) {
  let last = Date.now();
  return {
    update(text: string) {
      const now = Date.now();
      if (now - last < everyMs) return;
      last = now;
      log(`${label}: ${text}`);
    },
    done(text: string) {
      log(`${label}: ${text}`);
    },
  };
}

export function percent(done: number, total: number) {
  return total > 0 ? `${Math.floor((done / total) * 100)}%` : "100%";
}
