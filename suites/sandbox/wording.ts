/** 'a' or 'an' before a word, for check messages that read as sentences. */
export const an = (word: string): string => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
