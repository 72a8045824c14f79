/** The answer of SPEC.md §7's live checks: the message to show beside the field, "" when none. */
export function checkAnswer(message: string) {
  return new Response(message, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
