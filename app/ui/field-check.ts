/**
 * Whether a submission is conform asking the server to check a field (its "validate" intent in
 * `__intent__`), which it posts as the member leaves or corrects the field. That is not the form
 * being sent: its button must not turn pending and disabled, or a click on it, whose press left
 * the field, is lost (the round trip is long on a slow connection); nor is the page loading.
 */
export function checksOneField(formData: FormData | undefined) {
  const intent = formData?.get("__intent__");
  if (typeof intent !== "string") return false;
  try {
    return (JSON.parse(intent) as { type?: unknown }).type === "validate";
  } catch {
    return false;
  }
}
