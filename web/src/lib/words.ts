// Counts and lists in a sentence. Kept apart from text.ts so that every area's words may use
// them without importing the prompt and the log.

/** `1 card`, `2 cards`, `0 cards`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Names in a sentence: `Ada`, `Ada and Bea`, `Ada, Bea and Cy`. */
export function listText(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The sentence's first letter in capitals: `between the hills 5…` → `Between the hills 5…`. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
