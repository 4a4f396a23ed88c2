import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Finds the Fluent ids the source uses, by reading it (syntax only: fast, no type checking).
// A string is taken as a message id where it is handed to a translation (the argument a call
// below names, a property below), or anywhere when it starts with a prefix the locale files use
// ("arrivals-", "usage-", ...): ids kept in tables (help examples, compass directions) are found
// that way. An id built at run time (`day-${n}`) is reported as its template, "day-${}".

/** The argument that holds the message id, by the called function's name. */
const ID_ARGUMENT: Readonly<Record<string, number>> = { say: 0, usage: 0, refuse: 0, described: 0, storeFailure: 1, t: 1 };
/** Properties whose value is a message id. */
const ID_PROPERTIES = new Set(['id', 'messageId', 'helpId', 'descriptionId', 'labelId']);

const ID_SHAPE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*(\.[a-z][a-z0-9-]*)?$/;
// The static start of a template that builds an id: empty (`${label}.description`) or "day-".
const TEMPLATE_HEAD = /^([a-z][a-z0-9]*-)*$/;

export interface IdUse {
  /** The id, or for an id built at run time its template with each hole as `${}`. */
  id: string;
  computed: boolean;
  where: string;
}

export function idsUsedIn(srcDir: string, localePrefixes: ReadonlySet<string>): IdUse[] {
  const uses: IdUse[] = [];
  for (const file of readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(path.join(srcDir, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) => `src/${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        const id = node.text;
        const prefixed = localePrefixes.has(id.split('-')[0]!) && id.includes('-');
        if (ID_SHAPE.test(id) && !isModuleName(node) && (prefixed || inIdPosition(node))) uses.push({ id, computed: false, where: where(node) });
      } else if (ts.isTemplateExpression(node) && TEMPLATE_HEAD.test(node.head.text)) {
        const id = node.head.text + node.templateSpans.map((span) => `\${}${span.literal.text}`).join('');
        if (!ID_SHAPE.test(id.replaceAll('${}', 'x'))) return ts.forEachChild(node, visit);
        const prefixed = localePrefixes.has(node.head.text.split('-')[0]!) && node.head.text.includes('-');
        if (prefixed || inIdPosition(node)) uses.push({ id, computed: true, where: where(node) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return uses;
}

function isModuleName(node: ts.Node): boolean {
  return ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent) || ts.isExternalModuleReference(node.parent);
}

/** Handed to a translation: directly, or as a branch of `a ? 'x' : 'y'`, `x ?? 'y'`, `(x)`. */
function inIdPosition(node: ts.Node): boolean {
  let child = node;
  let parent = node.parent;
  while (isBranch(child, parent)) {
    child = parent;
    parent = parent.parent;
  }
  if (ts.isPropertyAssignment(parent)) return parent.initializer === child && ID_PROPERTIES.has(parent.name.getText());
  if (!ts.isCallExpression(parent)) return false;
  const callee = parent.expression;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
  const index = name !== undefined && Object.hasOwn(ID_ARGUMENT, name) ? ID_ARGUMENT[name] : undefined;
  return index !== undefined && parent.arguments[index] === child;
}

function isBranch(child: ts.Node, parent: ts.Node): boolean {
  if (ts.isParenthesizedExpression(parent)) return true;
  if (ts.isConditionalExpression(parent)) return child !== parent.condition;
  const fallback = [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken];
  return ts.isBinaryExpression(parent) && fallback.includes(parent.operatorToken.kind);
}
