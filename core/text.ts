/**
 * The length of a text in characters (Unicode code points), the way the server's schemas count
 * `max`: an emoji is one character, as a person would count it.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
