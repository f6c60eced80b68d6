// The generated pair types (web/lib/pairs.d.ts) are exactly what the module answers: a pair the tables gain or lose
// fails here until `node scripts/pair-types.mjs --write` regenerates them. The declarations use them: the mesh
// methods' types are type-checked (tests/js/types/mesh-supported.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { pairTypes } from '../../scripts/pair-types.mjs';

const root = new URL('../..', import.meta.url).pathname;

it('web/lib/pairs.d.ts lists exactly the pairs the module answers', async () => {
  const c3d = await init();
  expect(readFileSync(new URL('../../web/lib/pairs.d.ts', import.meta.url), 'utf8')).toBe(pairTypes(c3d.supported));
});

it('types each TriangleMesh method with the shape types c3d.supported lists for it', () => {
  const args = ['node_modules/typescript/bin/tsc', '--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext',
    '--moduleResolution', 'bundler', '--lib', 'es2022,dom', 'tests/js/types/mesh-supported.ts'];
  try {
    execFileSync('node', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(`tsc failed:\n${error.stdout}${error.stderr}`);  // tsc reports its errors on stdout
  }
}, 120_000);

// The declarations of the shapes are the one part of the boundary written by hand on the JS side: each shape type the
// module describes has a member of the `Shape` union with exactly the described fields (plus `type`), read here by
// the TypeScript compiler from web/lib/index.d.ts.
it('declares every shape type the module describes, with its fields', async () => {
  const ts = (await import('typescript')).default;
  const file = new URL('../../web/lib/index.d.ts', import.meta.url).pathname;
  const program = ts.createProgram([file], { strict: true, target: ts.ScriptTarget.ES2022, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const alias = source.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === 'Shape');
  const declared = {}, convex = [];
  for (const member of checker.getTypeAtLocation(alias.name).types) {
    const names = checker.getPropertiesOfType(member).map((p) => p.name);
    const type = checker.getTypeOfSymbol(checker.getPropertyOfType(member, 'type')).value;
    if (type === 'convex') convex.push(names.filter((n) => n !== 'type').sort());
    else declared[type] = names.filter((n) => n !== 'type').sort();
  }
  const c3d = await init();
  const { convex: convexSchema, ...schemas } = c3d[Symbol.for('collide3d.module')].describe().shapes;
  const described = Object.fromEntries(Object.entries(schemas).map(
    ([type, { schema }]) => [type, schema.split(',').map((field) => field.split(':')[0]).sort()]));
  expect(declared).toEqual(described);
  // The convex shape is the one whose encoding is not what the user writes: one handle, the address of a hull made
  // from `points` (ConvexShape) or built before (a ConvexHull object, itself in the union).
  expect(convexSchema.schema).toBe('hull:handle');
  expect(convex.sort()).toEqual([['dimension', 'dispose', 'faces', 'sourceIndex', 'triangles', 'vertices'], ['points']]);
}, 120_000);

// The `Solid` union (gjkTrace's arguments) is the shape types the module takes as solids: those contact() answers.
it('declares Solid as exactly the solids, the shape types contact() answers', async () => {
  const ts = (await import('typescript')).default;
  const file = new URL('../../web/lib/index.d.ts', import.meta.url).pathname;
  const program = ts.createProgram([file], { strict: true, target: ts.ScriptTarget.ES2022, noEmit: true });
  const checker = program.getTypeChecker();
  const alias = program.getSourceFile(file).statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === 'Solid');
  const declared = new Set(checker.getTypeAtLocation(alias.name).types.map(
    (member) => checker.getTypeOfSymbol(checker.getPropertyOfType(member, 'type')).value));
  const c3d = await init();
  const solids = new Set(c3d.supported.filter((p) => p.query === 'contact').flatMap((p) => [p.a, p.b]));
  expect([...declared].sort()).toEqual([...solids].sort());
}, 120_000);
