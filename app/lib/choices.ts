// The choices of a select or filter (a value and what members read), shared by the areas'
// constants modules. Plain code: components use it too.

export type Choice<T extends string = string> = { value: T; label: string };

export function labelOf(choices: readonly Choice[], value: string) {
  return choices.find((choice) => choice.value === value)?.label ?? value;
}

/** The values of a list of choices, as zod's enum takes them. */
export function valuesOf<T extends string>(choices: readonly Choice<T>[]) {
  return choices.map((choice) => choice.value) as [T, ...T[]];
}
