import ts from 'typescript';

// The literal texts of a source as the tree tests read them: the source is parsed, so a comment
// (which explains the code) and an import path are no literal. flagLiterals and suggestionLiterals
// read them.

/** Every literal text of a source (strings, template parts), with its line; comments and module names are not literals. */
export function literalsOf(source: string, path: string): Array<{ line: number; text: string }> {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const found: Array<{ line: number; text: string }> = [];
  const visit = (node: ts.Node): void => {
    const moduleName = ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent);
    if ((ts.isStringLiteral(node) && !moduleName) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return found;
}
