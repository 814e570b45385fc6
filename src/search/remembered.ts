/**
 * A function of a word, remembered for the words asked before: search asks for a word's forms many
 * times over in one request, and requests share most of their words. At most `limit` words are
 * kept; past that, those kept are forgotten and worked out again as asked.
 */
export function rememberedByWord<T>(of: (word: string) => T, limit = 20_000): (word: string) => T {
  const found = new Map<string, T>();
  return (word) => {
    let value = found.get(word);
    if (value === undefined) {
      if (found.size >= limit) found.clear();
      value = of(word);
      found.set(word, value);
    }
    return value;
  };
}
