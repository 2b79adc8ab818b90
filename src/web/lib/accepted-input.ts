/**
 * Shows a controlled input's accepted value at once. A handler that refuses what was typed (a letter in
 * a digits-only field, a twelfth digit) leaves the state as it was, so nothing draws again: React then
 * put the old value back by itself, Preact (decision 044) leaves the refused text in the box. The handler
 * writes the value it kept, and passes it on to the state.
 */
export function accepted(input: HTMLInputElement, value: string): string {
  if (input.value !== value) input.value = value;
  return value;
}

/** A one-time code's box: the digits of what was typed or pasted, at most `max`, shown at once. */
export function acceptedDigits(input: HTMLInputElement, max: number): string {
  return accepted(input, input.value.replace(/\D/g, '').slice(0, max));
}

/**
 * For a switch that moves only once the server agrees: returns the state the click asked for and puts
 * the box back as it was, since the state (and so the drawing) changes only after the answer.
 */
export function askedFor(input: HTMLInputElement): boolean {
  const asked = input.checked;
  input.checked = !asked;
  return asked;
}
