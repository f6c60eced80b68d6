// `node scripts/thumbnails.mjs [id...]`: renders the demo scenes named (or every scene) at their defaults in Chromium
// and saves a small JPEG of each canvas as web/demo/public/thumbnails/<id>.jpg, which the landing page shows. Re-run
// after changing a scene.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalog } from '../web/demo/src/catalog.js';
import { openSite } from './demo-site.mjs';

const folder = fileURLToPath(new URL('../web/demo/public/thumbnails/', import.meta.url));
mkdirSync(folder, { recursive: true });
const site = await openSite();
try {
  const named = process.argv.slice(2);
  for (const { id } of catalog.filter((scene) => named.length === 0 || named.includes(scene.id))) {
    // 720 x 450 CSS pixels drawn at half scale: a 360 x 225 image.
    const { page, problems, close } = await site.open(`scene.html?scene=${id}&embed`,
      { viewport: { width: 720, height: 450 }, deviceScaleFactor: 0.5 });
    await page.evaluate(() => { document.getElementById('info').style.display = 'none'; });
    await page.screenshot({ path: `${folder}${id}.jpg`, type: 'jpeg', quality: 80 });
    await close();
    if (problems.length > 0) throw new Error(`${id}: ${problems.join('; ')}`);
    console.log(`thumbnails/${id}.jpg`);
  }
} finally {
  await site.close();
}
