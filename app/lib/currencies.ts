/** The three-letter codes of the currencies a member or the club may choose. */
export function currencyCodes() {
  return typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : ["USD", "EUR", "GBP", "NGN"];
}
