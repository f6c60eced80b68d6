// The generated pair types (web/lib/pairs.d.ts) are exactly what the module answers: a pair the tables gain or lose
// fails here until `node scripts/pair-types.mjs --write` regenerates them.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { pairTypes } from '../../scripts/pair-types.mjs';

it('web/lib/pairs.d.ts lists exactly the pairs the module answers', async () => {
  const c3d = await init();
  expect(readFileSync(new URL('../../web/lib/pairs.d.ts', import.meta.url), 'utf8')).toBe(pairTypes(c3d.supported));
});
