import { jsonLayoutCase } from './jsonLayoutCase.ts';

export const whitespaceLayout = jsonLayoutCase('whitespace');
export const keyOrderLayout = jsonLayoutCase('key-order');
export const escapedCharactersLayout = jsonLayoutCase('escaped-characters');
