import ts from 'typescript';
import type { CopyFinder, SingleFact } from './singleFacts.ts';

// Finds the literals of a source that copy a fact of contract/facts/. The source is parsed,
// so only code is read: a comment that names "20 MB" documents the code, it is not
// a second value anything runs on, and an import path is no literal of a fact.

export interface Copy {
  line: number;
  fact: SingleFact;
  code: string;
}

type Found = { node: ts.Node; fact: SingleFact };

const ARITHMETIC: Partial<Record<ts.SyntaxKind, (left: number, right: number) => number>> = {
  [ts.SyntaxKind.AsteriskToken]: (left, right) => left * right,
  [ts.SyntaxKind.SlashToken]: (left, right) => left / right,
  [ts.SyntaxKind.PlusToken]: (left, right) => left + right,
  [ts.SyntaxKind.MinusToken]: (left, right) => left - right,
  [ts.SyntaxKind.AsteriskAsteriskToken]: (left, right) => left ** right,
};
const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);
const LOGICAL = new Set([ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken]);

/** The value of a number written with literals only (`20 * 1024 * 1024`), else undefined. */
function constantOf(node: ts.Node): number | undefined {
  if (ts.isNumericLiteral(node)) return Number(node.text.replaceAll('_', ''));
  if (ts.isParenthesizedExpression(node)) return constantOf(node.expression);
  if (!ts.isBinaryExpression(node)) return undefined;
  const operation = ARITHMETIC[node.operatorToken.kind];
  const left = constantOf(node.left);
  const right = constantOf(node.right);
  return operation && left !== undefined && right !== undefined ? operation(left, right) : undefined;
}

const isModuleName = (node: ts.Node): boolean =>
  ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent) || ts.isExternalModuleReference(node.parent);

/** The text a string, a template's literal parts or a regex writes, else undefined. */
function textOf(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node)) return isModuleName(node) ? undefined : node.text;
  if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
    return node.text;
  // A regex's escapes set aside, so that /image\/png/ reads as image/png.
  if (ts.isRegularExpressionLiteral(node)) return node.text.replace(/\\(\W)/g, '$1');
  return undefined;
}

const stringOf = (node: ts.Node): string | undefined =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;

const unwrapped = (node: ts.Node): ts.Node => (ts.isParenthesizedExpression(node) ? unwrapped(node.expression) : node);

/** The strings compared in a chain of && and || (`mode !== 'a' && mode !== 'b'`). */
function comparedStrings(node: ts.Node): string[] {
  const inner = unwrapped(node);
  if (!ts.isBinaryExpression(inner)) return [];
  if (LOGICAL.has(inner.operatorToken.kind)) return [...comparedStrings(inner.left), ...comparedStrings(inner.right)];
  if (!COMPARISONS.has(inner.operatorToken.kind)) return [];
  return [stringOf(inner.left), stringOf(inner.right)].filter((text): text is string => text !== undefined);
}

const isTopLogical = (node: ts.Node): boolean => {
  if (!ts.isBinaryExpression(node) || !LOGICAL.has(node.operatorToken.kind)) return false;
  let parent = node.parent;
  while (ts.isParenthesizedExpression(parent)) parent = parent.parent;
  return !(ts.isBinaryExpression(parent) && LOGICAL.has(parent.operatorToken.kind));
};

/** The strings a node writes side by side: an array's elements, a union's members, a comparison chain's operands. */
function listedStrings(node: ts.Node): string[] {
  if (ts.isArrayLiteralExpression(node)) return node.elements.map(stringOf).filter((text): text is string => text !== undefined);
  if (ts.isUnionTypeNode(node))
    return node.types.flatMap((type) => (ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal) ? [type.literal.text] : []));
  return isTopLogical(node) ? comparedStrings(node) : [];
}

const quote = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Members named together in prose or a regex: `a, b`, `a or b`, `a|b`; never inside a longer word or id. */
function listPattern(members: readonly string[]): RegExp {
  const member = `(?<![\\w.+/-])(?:${[...members]
    .sort((a, b) => b.length - a.length)
    .map(quote)
    .join('|')})(?![\\w.+/-])`;
  const separator = String.raw`(?:\s*[,|]\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+)`;
  return new RegExp(`${member}(?:${separator}${member})+`);
}

const digitsPattern = (value: number): RegExp =>
  new RegExp(`(?<![\\d,_])(?:${value}|${value.toLocaleString('en-US')}|${value.toLocaleString('en-US').replaceAll(',', '_')})(?![\\d,_])`);

/** The pattern a finder looks for in a string's text, built once per finder. */
const textPatterns = new WeakMap<CopyFinder, RegExp>();
function textPatternOf(finder: CopyFinder): RegExp {
  const known = textPatterns.get(finder);
  if (known) return known;
  const pattern =
    finder.kind === 'number' ? digitsPattern(finder.value) : finder.kind === 'list' ? listPattern(finder.members) : finder.pattern;
  textPatterns.set(finder, pattern);
  return pattern;
}

/** What a node writes, read once and held against every finder. */
interface Written {
  text?: string;
  constant?: number;
  listed: string[];
}

function writtenBy(node: ts.Node): Written {
  const text = textOf(node);
  if (text !== undefined) return { text, listed: [] };
  const constant = constantOf(node);
  return constant !== undefined ? { constant, listed: [] } : { listed: listedStrings(node) };
}

/** Whether what a node writes is a copy this finder looks for. */
function isCopy(written: Written, finder: CopyFinder): boolean {
  if (written.text !== undefined) return textPatternOf(finder).test(written.text);
  if (finder.kind === 'number') return written.constant === finder.value;
  if (finder.kind === 'list') return new Set(written.listed.filter((listed) => finder.members.includes(listed))).size >= 2;
  return false;
}

function scriptKindOf(fileName: string): ts.ScriptKind {
  return /\.[cm]?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

/** Every copy of one of the facts in a source, one per fact and line. */
export function copiesIn(source: string, fileName: string, facts: readonly SingleFact[]): Copy[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, scriptKindOf(fileName));
  const found: Found[] = [];
  const visit = (node: ts.Node): void => {
    const written = writtenBy(node);
    if (written.text !== undefined || written.constant !== undefined || written.listed.length >= 2)
      for (const fact of facts) if (fact.finders.some((finder) => isCopy(written, finder))) found.push({ node, fact });
    ts.forEachChild(node, visit);
  };
  visit(file);
  const copies = found.map(({ node, fact }) => ({
    line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1,
    fact,
    code: node.getText(file).replace(/\s+/g, ' ').slice(0, 100),
  }));
  return copies.filter((copy, index) => copies.findIndex((other) => other.line === copy.line && other.fact === copy.fact) === index);
}
