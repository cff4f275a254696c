import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as ts from 'typescript';

// Each lib's src/index.ts is its public surface: explicit names, no `export *`, and no value that
// no other package (apps/, tools/, bench/, test/, another lib) imports. Types may stay exported
// when nobody outside imports them: a type costs nothing at run time and keeps the signature of an
// exported value nameable by its callers. A lib's own files (its specs included) do not count as
// users of its surface: they import the file that declares the name.

const ROOT = join(__dirname, '..', '..');
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

interface Surface {
  /** Module specifiers of `export * from …` lines. */
  star: string[];
  /** Exported values, each with the module it comes from ('' for a declaration in the index itself). */
  values: { name: string; from: string }[];
  types: string[];
}

const hasExportModifier = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** What an index.ts exports, read from its syntax (isolatedModules makes every type re-export say `type`). */
function surfaceOf(fileName: string, text: string): Surface {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const surface: Surface = { star: [], values: [], types: [] };
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : '';
      if (!statement.exportClause) surface.star.push(from);
      else if (ts.isNamespaceExport(statement.exportClause)) surface.values.push({ name: statement.exportClause.name.text, from });
      else
        for (const element of statement.exportClause.elements) {
          if (statement.isTypeOnly || element.isTypeOnly) surface.types.push(element.name.text);
          else surface.values.push({ name: element.name.text, from });
        }
    } else if (hasExportModifier(statement)) {
      if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) surface.types.push(statement.name.text);
      else if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) surface.values.push({ name: declaration.name.text, from: '' });
        }
      else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name)
        surface.values.push({ name: statement.name.text, from: '' });
    }
  }
  return surface;
}

/** Names a file imports or re-exports from each `@caddie/<lib>` ('*' for a namespace import). */
function importedFromLibs(fileName: string, text: string): Map<string, Set<string>> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = new Map<string, Set<string>>();
  const note = (lib: string, name: string) => found.set(lib, (found.get(lib) ?? new Set()).add(name));
  for (const statement of source.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    const specifier = statement.moduleSpecifier;
    const lib = specifier && ts.isStringLiteral(specifier) ? /^@caddie\/([a-z-]+)$/.exec(specifier.text)?.[1] : undefined;
    if (!lib) continue;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) note(lib, 'default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) note(lib, '*');
      else if (bindings) for (const element of bindings.elements) note(lib, (element.propertyName ?? element.name).text);
    } else if (!statement.exportClause || ts.isNamespaceExport(statement.exportClause)) note(lib, '*');
    else for (const element of statement.exportClause.elements) note(lib, (element.propertyName ?? element.name).text);
  }
  return found;
}

/** The package a file belongs to: `libs/<name>` or `apps/<name>`, else its top folder (tools, bench, test). */
function packageOf(file: string): string {
  const parts = relative(ROOT, file).split(sep);
  return parts[0] === 'libs' || parts[0] === 'apps' ? parts.slice(0, 2).join('/') : parts[0];
}

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name)) found.push(path);
    }
  };
  walk(join(ROOT, folder));
  return found;
}

/** For each lib, the names other packages import from it. */
function outsideUses(files: readonly string[]): Map<string, Set<string>> {
  const uses = new Map<string, Set<string>>();
  for (const file of files) {
    for (const [lib, names] of importedFromLibs(file, readFileSync(file, 'utf8'))) {
      if (packageOf(file) === `libs/${lib}`) continue;
      const set = uses.get(lib) ?? new Set<string>();
      for (const name of names) set.add(name);
      uses.set(lib, set);
    }
  }
  return uses;
}

/** One line per rule broken by a lib's index.ts, saying what to change. */
function surfaceProblems(lib: string, surface: Surface, used: ReadonlySet<string>): string[] {
  const index = `libs/${lib}/src/index.ts`;
  return [
    ...surface.star.map((from) => `${index} has \`export * from '${from}'\`: list the names other packages import instead`),
    ...(used.has('*')
      ? []
      : surface.values
          .filter((v) => !used.has(v.name))
          .map((v) => `${index} exports the value ${v.name}${v.from ? ` (from '${v.from}')` : ''}, which no other package imports: drop it from the index`)),
  ];
}

const LIBS = readdirSync(join(ROOT, 'libs')).filter((lib) => existsSync(join(ROOT, 'libs', lib, 'src', 'index.ts')));

describe('lib surfaces (each libs/<name>/src/index.ts lists what other packages use)', () => {
  it('finds an `export *` and an exported value nobody outside imports (the checks below can fail)', () => {
    const surface = surfaceOf(
      'index.ts',
      "export * from './a';\nexport { used, unused, type Shape } from './b';\nexport type { Other } from './c';\nexport const local = 1;\nexport interface Local {}\n",
    );
    expect(surface).toEqual({
      star: ['./a'],
      values: [
        { name: 'used', from: './b' },
        { name: 'unused', from: './b' },
        { name: 'local', from: '' },
      ],
      types: ['Shape', 'Other', 'Local'],
    });
    expect(surfaceProblems('x', surface, new Set(['used', 'local']))).toEqual([
      "libs/x/src/index.ts has `export * from './a'`: list the names other packages import instead",
      "libs/x/src/index.ts exports the value unused (from './b'), which no other package imports: drop it from the index",
    ]);
    const imports = importedFromLibs(
      'user.ts',
      "import { a, type B, c as d } from '@caddie/x';\nimport * as all from '@caddie/y';\nexport { e } from '@caddie/x';\nimport { f } from './local';\n",
    );
    expect(Object.fromEntries([...imports].map(([lib, names]) => [lib, [...names]]))).toEqual({ x: ['a', 'B', 'c', 'e'], y: ['*'] });
    expect(packageOf(join(ROOT, 'libs/renderer/src/render/x.spec.ts'))).toBe('libs/renderer');
    expect(packageOf(join(ROOT, 'test/platform/x.ts'))).toBe('test');
  });

  let uses: Map<string, Set<string>>;
  beforeAll(() => {
    uses = outsideUses(['apps', 'libs', 'tools', 'bench', 'test'].flatMap(sourceFiles));
  });

  it('reads every lib and the files that import them', () => {
    expect(LIBS.length).toBeGreaterThan(15);
    expect(uses.get('renderer')?.has('renderGraphic')).toBe(true);
    expect(uses.get('handwriting')?.has('LocalDigitReader')).toBe(true);
  });

  it('has no `export *` and no exported value that no other package imports', () => {
    const problems = LIBS.flatMap((lib) => {
      const index = join(ROOT, 'libs', lib, 'src', 'index.ts');
      return surfaceProblems(lib, surfaceOf(index, readFileSync(index, 'utf8')), uses.get(lib) ?? new Set());
    });
    expect(problems).toEqual([]);
  });
});
