import fs from 'node:fs';
import path from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';

/**
 * Writes src/first-reads.ts into index.html as an inline script that starts the first page's
 * reads while the application's script downloads (the service allows that script by its hash:
 * src/web/web-app.ts). Inline, because a script of its own would be one more request before them.
 */
const SOURCE = path.resolve(import.meta.dirname, 'src/first-reads.ts');

export function firstReadsPlugin(): Plugin {
  return {
    name: 'first-reads',
    async transformIndexHtml() {
      const typed = fs.readFileSync(SOURCE, 'utf8');
      const { code } = await transformWithOxc(typed, SOURCE, { lang: 'ts' });
      // Its comments are for its readers here, not for every page's bytes.
      const body = code.replace(/\/\*\*[\s\S]*?\*\/\n?/g, '').replace(/^export /gm, '');
      return [
        {
          tag: 'script',
          children: `(() => {\n${body}\nstartFirstReads();\n})();`,
          injectTo: 'head',
        },
      ];
    },
  };
}
