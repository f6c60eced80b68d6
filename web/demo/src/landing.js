// The landing page: the scenes as a curriculum, one section per chapter of the catalog (plane tests first,
// acceleration structures last), each scene a card (a thumbnail made by scripts/thumbnails.mjs, the title, the
// summary) linking to scene.html?scene=<id>.
import { catalog, chapters } from './catalog.js';

const main = document.getElementById('scenes');
chapters.forEach(({ name, intro }, index) => {
  const section = document.createElement('section');
  const heading = document.createElement('h2');
  heading.textContent = `${index + 1}. ${name}`;
  const text = document.createElement('p');
  text.textContent = intro;
  const list = document.createElement('ul');
  for (const { id, title, summary } of catalog.filter((scene) => scene.chapter === name)) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `./scene.html?scene=${id}`;
    const thumbnail = document.createElement('img');
    thumbnail.src = `./thumbnails/${id}.jpg`;
    thumbnail.alt = '';
    thumbnail.width = 360;
    thumbnail.height = 225;
    const cardTitle = document.createElement('h3');
    cardTitle.textContent = title;
    const cardText = document.createElement('p');
    cardText.textContent = summary;
    link.append(thumbnail, cardTitle, cardText);
    item.append(link);
    list.append(item);
  }
  section.append(heading, text, list);
  main.append(section);
});
document.body.dataset.ready = 'true';
