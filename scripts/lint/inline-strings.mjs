// Words written inline (issue 35 §1): a string a person sees comes from the catalogues
// (packages/contract/messages), never from the component. This finds the ones left in the web
// app's components: text between tags, user-facing attributes, and strings in braces with words.
//
// A file not yet moved to the catalogues says so on a line of its own, NOT_YET_TRANSLATED_MARK;
// the check fails on words in a file without the mark, and on a mark in a file that has none left,
// so the marked files only ever get fewer (`npm test`, scripts/lint/inline-strings.test.mjs).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { isTestFile, listFiles } from './import-graph.mjs';

export const NOT_YET_TRANSLATED_MARK = '// i18n: not yet in the catalogues (issue 35)';

/** Attributes whose value a person reads or hears. */
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);

/** Words: two letters in a row (an "x", "·" or "%" alone is not a sentence). */
const hasWords = (text) => /\p{L}\p{L}/u.test(text);

const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
]);

/** `{ 'text' }`, `{cond ? 'Yes' : 'No'}`, `{`${n} coins`}`: string parts written in a JSX expression. */
function stringsIn(node, found) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    found.push(node.text);
    return;
  }
  if (ts.isTemplateExpression(node)) {
    found.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text));
    return;
  }
  // Conditionals and joins pass their strings through; calls and functions do not (t('id') is a call).
  if (ts.isConditionalExpression(node)) {
    stringsIn(node.whenTrue, found);
    stringsIn(node.whenFalse, found);
  } else if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    // A comparison draws none of its strings (`step.kind === 'idle' && …`); `a && b` draws only b.
    if (COMPARISONS.has(operator)) return;
    if (operator !== ts.SyntaxKind.AmpersandAmpersandToken) stringsIn(node.left, found);
    stringsIn(node.right, found);
  } else if (ts.isParenthesizedExpression(node)) {
    stringsIn(node.expression, found);
  }
}

/** The words written inline in one file's JSX: `{ line, text }` for each. */
export function findInlineStrings(source, fileName = 'file.tsx') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const report = (node, text) => {
    if (!hasWords(text)) return;
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.trim() });
  };
  const visit = (node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const value = node.initializer;
      if (ts.isStringLiteral(value)) report(value, value.text);
      else if (ts.isJsxExpression(value) && value.expression) {
        const strings = [];
        stringsIn(value.expression, strings);
        for (const text of strings) report(value, text);
      }
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      const strings = [];
      stringsIn(node.expression, strings);
      for (const text of strings) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * Every component file of `src` (tests apart): those with words inline and no mark (`inline`), and
 * those marked with none left (`stale`); `marked`, how many still carry the mark.
 */
export function checkInlineStrings(src) {
  const inline = [];
  const stale = [];
  let marked = 0;
  for (const path of listFiles(src).filter((path) => path.endsWith('.tsx') && !isTestFile(path))) {
    const source = readFileSync(path, 'utf8');
    const isMarked = source.split('\n').some((line) => line.trim() === NOT_YET_TRANSLATED_MARK);
    const words = findInlineStrings(source, path);
    const file = relative(src, path);
    if (isMarked) marked += 1;
    if (words.length > 0 && !isMarked) inline.push({ file, words: words.slice(0, 5) });
    if (words.length === 0 && isMarked) stale.push(file);
  }
  return { inline, stale, marked };
}
