// web/lib/pair-entries.js, generated: for every pair intersects and raycast answer, one function that checks both
// shapes' types, writes them with their own encoders, runs the pair's filter if it has one, and calls the module only
// when that leaves the answer open. Made from the module's shape codes and dispatch tables, the encoders' names
// (boundary.js) and the filtered pairs (filters.js). `node scripts/pair-entries.mjs --write` rewrites the file;
// tests/js/pair-entries.test.js checks it holds exactly this text.
import { writeFileSync } from 'node:fs';
import { loadModule } from '../web/lib/load.js';
import { checkBoundary, encoderOf, supportedPairs } from '../web/lib/boundary.js';
import { FILTERED_PAIRS } from '../web/lib/filters.js';

// Each query: its shapes' argument names, its parameters, what it reads before the shapes (raycast: its options, as
// raycast reads them first), how a filter's proof returns in an entry, what a filter gives the generic call's switch
// (1 or 0 when proven, else UNDECIDED; a raycast filter proves the miss of a ray whose direction is not zero), and
// how the answer returns once the module has it.
const QUERIES = {
  intersects: {
    args: ['a', 'b'], params: 'a, b', before: '', proven: (test) => `const proven = ${test};`,
    switched: (test) => test,
    answer: (codes, filtered) =>
      `return ${filtered ? `(proven >= 0 ? proven : intersectsIn(f, ${codes}))` : `intersectsIn(f, ${codes})`} === 1;`,
  },
  raycast: {
    args: ['caster', 'target'], params: 'caster, target, opts', before: 'const o = raycastSettings(opts), ',
    proven: (test) => `if (nonZero(f, A + 3) && ${test}) return null;`,
    switched: (test, a) => `nonZero(f, ${a} + 3) && ${test} ? 0 : UNDECIDED`,
    answer: (codes) => `return raycastIn(f, ${codes}, o);`,
  },
};

// The filter FILTERED_PAIRS names for a pair, called on the shapes at `a` and `b`; undefined when it has none.
function filterCall(query, typeA, typeB, a, b) {
  const filter = FILTERED_PAIRS[query][`${typeA} ${typeB}`];
  if (filter === undefined) return undefined;
  const [name, swapped] = filter.split(' ');
  return `${name}(f, ${swapped === undefined ? `${a}, ${b}` : `${b}, ${a}`})`;
}

// The generic call's filter of a query: a switch on the first shape's code, then tests of the second's.
function filterSwitch(query, codes) {
  const [a, b] = query === 'intersects' ? ['a', 'b'] : ['c', 't'];
  const byFirst = new Map();
  for (const key of Object.keys(FILTERED_PAIRS[query])) {
    const [typeA, typeB] = key.split(' ');
    if (!byFirst.has(typeA)) byFirst.set(typeA, []);
    byFirst.get(typeA).push(typeB);
  }
  return [
    `${query}Filter(f, t${a}, ${a}, t${b}, ${b}) {`,
    `  switch (t${a}) {`,
    ...[...byFirst].flatMap(([typeA, typesB]) => [
      `    case ${codes[typeA]}:  // ${typeA}`,
      ...typesB.map((typeB) => {
        const proven = QUERIES[query].switched(filterCall(query, typeA, typeB, a, b), a);
        return `      if (t${b} === ${codes[typeB]}) return ${proven};  // ${typeB}`;
      }),
      '      break;',
    ]),
    '    default:',
    '  }',
    '  return UNDECIDED;',
    '},',
  ];
}

// The body of one pair's function.
function entry(query, typeA, typeB, codes) {
  const { args, params, before, proven, answer } = QUERIES[query];
  const q = query === 'intersects' ? 'I' : 'R';
  // A type without an encoder of its own is written from its description, which the type names.
  const write = (type, at, arg) => `${encoderOf(type)}(f, ${at}, shapeOf(${arg}, '${type}', ${q}, '${arg}'), ${q}, ` +
    `'${arg}'${encoderOf(type) === 'described' ? `, '${type}'` : ''});`;
  const filter = filterCall(query, typeA, typeB, 'A', 'B');
  const lines = [
    `'${typeA} ${typeB}'(${params}) {`,
    `  ${before}${before === '' ? 'const ' : ''}f = io(), call = beginShapes();`,
    `  ${write(typeA, 'A', args[0])}`,
    `  ${write(typeB, 'B', args[1])}`,
    `  checkCall(call, ${q}, f);`,
  ];
  if (filter !== undefined) lines.push(`  ${proven(filter)}`);
  lines.push(`  ${answer(`${codes[typeA]}, ${codes[typeB]}`, filter !== undefined)}`, '},');
  return lines;
}

/** The file's text, from the shape codes ({ type: code }) and the supported pairs ([{ query, a, b }]). */
export function pairEntries(codes, supported) {
  const pairs = Object.keys(QUERIES).map((query) => [query, supported.filter((p) => p.query === query)]);
  const used = (list) => [...new Set(list)].sort();
  const encoders = used(pairs.flatMap(([, ps]) => ps.flatMap((p) => [encoderOf(p.a), encoderOf(p.b)])));
  const filters = used([...Object.values(FILTERED_PAIRS).flatMap((table) => Object.values(table))
    .map((filter) => filter.split(' ')[0]), 'nonZero']);
  const switches = Object.keys(QUERIES).flatMap((query) => filterSwitch(query, codes));
  const indent = (lines, depth) => lines.map((line) => ' '.repeat(depth) + line);
  // `open`, the items (comma-separated, indented one step past `open`), `close`, wrapped to 120 columns.
  const wrap = (items, open, close) => {
    const indent = ' '.repeat(open.search(/\S/) + 2);
    const lines = [''];
    for (const item of items) {
      if (lines.at(-1).length + item.length > 110) lines.push('');
      lines[lines.length - 1] += `${item}, `;
    }
    return [open, ...lines.map((line) => indent + line.trimEnd()), close];
  };
  return [
    '// Generated by scripts/pair-entries.mjs from the module\'s shape codes and dispatch tables, the encoders\' names',
    '// (boundary.js) and the filtered pairs (filters.js): do not edit. One function literal per pair: V8 keeps type',
    '// feedback per literal, so each pair\'s encoders and filter are direct calls that see one kind of object. The',
    '// generic calls\' filters switch on the same codes, written in as numbers.',
    '',
    '/** The shape codes the entries are written for (api.js checks them against the module\'s). */',
    ...wrap(Object.entries(codes).map(([type, code]) => `${type}: ${code}`), 'export const CODES = Object.freeze({', '});'),
    '',
    '/** The filters intersects and raycast run on any pair, by type codes: 1 or 0 when proven, else UNDECIDED. */',
    'export function defineFilterSwitches(filters) {',
    ...wrap([...filters, 'UNDECIDED'].sort(), '  const {', '  } = filters;'),
    '  return {',
    ...indent(switches, 4),
    '  };',
    '}',
    '',
    '/** The entries by query and pair (\'typeA typeB\'); `encoders`, `filters` and `boundary` give what they call. */',
    'export function definePairEntries(encoders, filters, boundary) {',
    ...wrap(encoders, '  const {', '  } = encoders;'),
    ...wrap(filters, '  const {', '  } = filters;'),
    '  const { A, B, io, beginShapes, checkCall, shapeOf, intersectsIn, raycastIn, raycastSettings } = boundary;',
    '  const I = \'intersects\', R = \'raycast\';',
    '  return {',
    ...pairs.flatMap(([query, ps]) => [
      `    ${query}: {`,
      ...ps.flatMap((p) => indent(entry(query, p.a, p.b, codes), 6)),
      '    },',
    ]),
    '  };',
    '}',
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { module } = await loadModule({});
  const { codes } = checkBoundary(module.describe());
  const text = pairEntries(codes, supportedPairs(module));
  if (process.argv.includes('--write')) writeFileSync(new URL('../web/lib/pair-entries.js', import.meta.url), text);
  else process.stdout.write(text);
}
