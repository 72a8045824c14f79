import { parsePhoneNumberFromString } from "libphonenumber-js";

// On the server only: libphonenumber's metadata would add ~40 KB to a page's JavaScript, so
// pages receive the display string.

/** "+234 802 123 4567" from the stored E.164 "+2348021234567"; anything it cannot read, as it is. */
export function formatPhone(phone: string) {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}
