// The landing page: one card per scene of the catalog (a thumbnail made by scripts/thumbnails.mjs, the title, the
// summary), linking to scene.html?scene=<id>.
import { catalog } from './catalog.js';

const list = document.getElementById('scenes');
for (const { id, title, summary } of catalog) {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = `./scene.html?scene=${id}`;
  const thumbnail = document.createElement('img');
  thumbnail.src = `./thumbnails/${id}.jpg`;
  thumbnail.alt = '';
  thumbnail.width = 360;
  thumbnail.height = 225;
  const heading = document.createElement('h2');
  heading.textContent = title;
  const text = document.createElement('p');
  text.textContent = summary;
  link.append(thumbnail, heading, text);
  item.append(link);
  list.append(item);
}
document.body.dataset.ready = 'true';
