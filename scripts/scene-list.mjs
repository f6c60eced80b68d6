// The README's list of demo scenes, generated from the demo's catalog (web/demo/src/catalog.js).
// `node scripts/scene-list.mjs` prints it; tests/js/readme.test.js checks the README holds exactly this text.
import { catalog } from '../web/demo/src/catalog.js';

export function sceneList() {
  const lines = ['| scene (with `npm start` running) | what it shows | source |', '|---|---|---|'];
  for (const { id, title, summary } of catalog) {
    lines.push(`| [${title}](http://127.0.0.1:5173/scene.html?scene=${id}) | ${summary} | [${id}.js](web/demo/src/scenes/${id}.js) |`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(sceneList());
