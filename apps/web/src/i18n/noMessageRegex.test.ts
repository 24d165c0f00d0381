import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's texts reach a Bangla page by their code (decision 0052, 0058): errors, the CSV import's
 * rows and the bulk booking's results. A regular expression over English words in the web's sources
 * would be a translation by matching the text, which silently breaks when the English is reworded;
 * lint forbids it too (eslint.config.js), this counts them from the syntax tree.
 */
const src = path.resolve(__dirname, '..');
const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
/** Two words of at least two letters, separated by a space: a sentence, not a token like /^order\./. */
const ENGLISH = /[A-Za-z]{2,}(?: |\\s)[A-Za-z]{2,}/;

function messageRegexes(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(src, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node) && ENGLISH.test(node.text)) found.push(`${file}: ${node.text}`);
    if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') found.push(`${file}: ${node.getText()}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the web translates server texts by code', () => {
  it('has no regular expression over English text in its sources', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(messageRegexes)).toEqual([]);
  });

  it('would catch one', () => {
    const probe = ts.createSourceFile('probe.ts', "const r = /^must be (\\d+) or more$/; const s = new RegExp('x');", ts.ScriptTarget.Latest, true);
    const kinds: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isRegularExpressionLiteral(node) && ENGLISH.test(node.text)) kinds.push('literal');
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') kinds.push('constructor');
      ts.forEachChild(node, visit);
    };
    visit(probe);
    expect(kinds).toEqual(['literal', 'constructor']);
  });
});
