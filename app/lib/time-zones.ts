// The IANA time zones the runtime knows, for the zone selects and their checks.

let zones: string[] | undefined;

/** Every zone Intl knows, UTC included. */
export function timeZones() {
  zones ??= (() => {
    const list = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return list.includes("UTC") ? list : ["UTC", ...list];
  })();
  return zones;
}

/** Whether `value` names a zone Intl can show times in ("Europe/Berlin", "UTC"). */
export function isTimeZone(value: string) {
  if (!value || timeZones().includes(value)) return Boolean(value);
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// Resolving Intl's default zone builds a whole DateTimeFormat (about 0.1 ms, several times a
// page): kept per value of TZ, the only thing that changes it in a running process.
let resolved: { tz: string | undefined; zone: string } | undefined;

/** The zone this process runs in (or UTC). */
export function serverTimeZone() {
  const tz = globalThis.process?.env.TZ;
  if (!resolved || resolved.tz !== tz) resolved = { tz, zone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC" };
  return resolved.zone;
}
