/** A one-time code's box keeps the digits of what was typed or pasted, at most `max` (spec §5, §9). */
export function codeDigits(typed: string, max: number): string {
  return typed.replace(/\D/g, '').slice(0, max);
}
