import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { browserOptions } from '../test/helpers/browser.ts';

/**
 * Draws the web application's home-screen icons (web/public/assets/icon-*.png) from icon.svg
 * in Chromium: run after changing the SVG (`npm exec -- node scripts/web-icons.ts`), commit
 * the PNGs. The maskable one keeps the mark inside the safe circle (80 %) on the brand colour.
 */
const DIR = path.resolve(import.meta.dirname, '../web/public/assets');

const svg = await fs.readFile(path.join(DIR, 'icon.svg'), 'utf8');
const browser = await chromium.launch(await browserOptions());
const page = await browser.newPage();
const draw = async (name: string, size: number, inset: number) => {
  await page.setViewportSize({ width: size, height: size });
  const inner = size * (1 - 2 * inset);
  await page.setContent(
    `<body style="margin:0;background:#364fc7;display:grid;place-items:center;height:${size}px">` +
      `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${inner}" height="${inner}"></body>`,
  );
  await page.screenshot({ path: path.join(DIR, name), omitBackground: false });
};
await draw('icon-192.png', 192, 0);
await draw('icon-512.png', 512, 0);
await draw('icon-maskable-512.png', 512, 0.1);
await browser.close();
console.log('icons written to web/public/assets');
