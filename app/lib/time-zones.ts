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

/** The zone this process runs in (or UTC). */
export function serverTimeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
