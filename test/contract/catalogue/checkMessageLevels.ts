import ts from 'typescript';

// Finds level words (MUST, SHOULD, ...) in the messages of recorded checks. A check
// record carries its requirement's level from the catalogue, and every report shows
// it beside the message; a message that says the level again can only repeat the
// catalogue or contradict it. A message says what was expected and what was seen.
//
// The source is parsed, so only code is read. A call records a check when it calls a
// CheckRecorder method on `check` or `recorder` (`ctx.check.expect`, `this.recorder.fail`);
// its message is every string and template part written in the message argument, and
// in the initializer of a const that argument names (`const what = ...; fail(id, what)`).
// A message built from data (`${example.title}`) is out of reach: its data is read by
// whoever writes it.

/** The position of the message among the arguments of each CheckRecorder method. */
const MESSAGE_ARGUMENT: Readonly<Record<string, number>> = { expect: 2, observe: 2, pass: 1, fail: 1, skip: 1, untestable: 1 };
const RECORDER = /(?:^|\.)(?:check|recorder)$/;
/** The level words as RFC 2119 writes them, upper case; the catalogue's duplicates check sets the same words aside. */
export const RFC2119_WORDS = ['MUST', 'SHOULD', 'MAY', 'SHALL', 'REQUIRED', 'RECOMMENDED', 'OPTIONAL'] as const;
// With them, the lower-case must/should a sentence uses as a level. Lower-case "may",
// "required" and "optional" are ordinary words, and a requirement id (AU-SCOPE-REQUIRED)
// quoted in a message is no level word.
const LEVEL_WORD = new RegExp(`(?<![\\w-])(?:${[...RFC2119_WORDS, 'must', 'should', 'shall'].join('|')})(?![\\w-])`);

export interface LevelWord {
  line: number;
  word: string;
  text: string;
}

export interface MessageScan {
  /** How many check-recording calls the source holds. */
  calls: number;
  words: LevelWord[];
}

function messageOf(call: ts.CallExpression): ts.Expression | undefined {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !RECORDER.test(callee.expression.getText())) return undefined;
  const index = MESSAGE_ARGUMENT[callee.name.text];
  return index === undefined ? undefined : call.arguments[index];
}

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return undefined;
}

/** The string and template parts written under a node, the node itself included. */
function literalsUnder(node: ts.Node): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (child: ts.Node): void => {
    if (literalText(child) !== undefined) found.push(child);
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** The initializers of the file's consts, by name (a name declared in two scopes keeps both). */
function constInitializers(file: ts.SourceFile): Map<string, ts.Expression[]> {
  const byName = new Map<string, ts.Expression[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclarationList(node) && node.flags & ts.NodeFlags.Const) {
      for (const declaration of node.declarations) {
        if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
        byName.set(declaration.name.text, [...(byName.get(declaration.name.text) ?? []), declaration.initializer]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return byName;
}

function identifiersUnder(node: ts.Node): string[] {
  const names: string[] = [];
  const visit = (child: ts.Node): void => {
    // `a.b` names a property b, not a const b.
    if (ts.isIdentifier(child) && !(ts.isPropertyAccessExpression(child.parent) && child.parent.name === child)) names.push(child.text);
    ts.forEachChild(child, visit);
  };
  visit(node);
  return names;
}

/** Every level word written in the messages of the checks a source records, one per literal. */
export function levelWordsIn(source: string, fileName: string): MessageScan {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const consts = constInitializers(file);
  const literals = new Set<ts.Node>();
  let calls = 0;
  const visit = (node: ts.Node): void => {
    const message = ts.isCallExpression(node) ? messageOf(node) : undefined;
    if (message) {
      calls += 1;
      for (const literal of literalsUnder(message)) literals.add(literal);
      for (const name of identifiersUnder(message))
        for (const initializer of consts.get(name) ?? []) for (const literal of literalsUnder(initializer)) literals.add(literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const words = [...literals].flatMap((literal) => {
    const text = literalText(literal)!;
    const word = LEVEL_WORD.exec(text)?.[0];
    if (word === undefined) return [];
    return [{ line: file.getLineAndCharacterOfPosition(literal.getStart(file)).line + 1, word, text }];
  });
  return { calls, words: words.sort((a, b) => a.line - b.line) };
}
