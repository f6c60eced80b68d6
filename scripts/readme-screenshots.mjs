// `node scripts/readme-screenshots.mjs`: the README's two pictures of the demo, a scene on a desktop and one on a
// phone, rendered in Chromium and saved as docs/demo-*.jpg. Re-run after changing those scenes.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openSite } from './demo-site.mjs';

const folder = fileURLToPath(new URL('../docs/', import.meta.url));
mkdirSync(folder, { recursive: true });
const SHOTS = [
  // GJK between a box and a hull, its second step: the simplex, the search and the support plane.
  { file: 'demo-desktop-gjk-epa.jpg', url: 'scene.html?scene=gjk-epa&step=1', viewport: { width: 1280, height: 800 } },
  // A ray missing a triangle, with the condition that failed, and the code panel's call.
  { file: 'demo-phone-ray-triangle.jpg', url: 'scene.html?scene=ray-triangle&origin=3,3,3&target=3,3,0&a=0,0,0&b=4,0,0&c=0,4,0',
    viewport: { width: 390, height: 844 }, hasTouch: true },
];
const site = await openSite();
try {
  for (const { file, url, viewport, hasTouch = false } of SHOTS) {
    const { page, problems, close } = await site.open(url, { viewport, hasTouch });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${folder}${file}`, type: 'jpeg', quality: 80 });
    await close();
    if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
    console.log(`docs/${file}`);
  }
} finally {
  await site.close();
}
