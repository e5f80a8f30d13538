import fs from 'node:fs';
import path from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';
import { FIRST_PAGE_MODULES } from './src/first-reads.ts';

/**
 * Writes src/first-reads.ts into index.html as an inline script that starts the first page's
 * reads while the application's script downloads (the service allows that script by its hash:
 * src/web/web-app.ts). Inline, because a script of its own would be one more request before them.
 * In a build, it also names the chunks of FIRST_PAGE_MODULES (each page's chunk and the chunks
 * it imports), which the script asks for on those pages.
 */
const SOURCE = path.resolve(import.meta.dirname, 'src/first-reads.ts');
const SOURCES = path.resolve(import.meta.dirname, 'src');

interface Chunk {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
  isEntry?: boolean;
}

/** Each first page's chunks, as addresses: its own, then what it imports, transitively. */
function pageCode(bundle: Record<string, Chunk>): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
  const code: Record<string, string[]> = {};
  for (const [page, module] of Object.entries(FIRST_PAGE_MODULES)) {
    const chunk = chunks.find((c) => c.facadeModuleId === path.join(SOURCES, module));
    if (!chunk) throw new Error(`first-reads: no chunk of ${module}`);
    const files = new Set<string>();
    const visit = (fileName: string) => {
      const found = bundle[fileName];
      if (!found || files.has(fileName) || found.isEntry) return;
      files.add(fileName);
      for (const imported of found.imports ?? []) visit(imported);
    };
    visit(chunk.fileName);
    code[page] = [...files].map((file) => `/${file}`);
  }
  return code;
}

export function firstReadsPlugin(): Plugin {
  return {
    name: 'first-reads',
    transformIndexHtml: {
      order: 'post',
      async handler(_html, context) {
        const typed = fs.readFileSync(SOURCE, 'utf8');
        const { code } = await transformWithOxc(typed, SOURCE, { lang: 'ts' });
        // Its comments are for its readers here, not for every page's bytes.
        const body = code.replace(/\/\*\*[\s\S]*?\*\/\n?/g, '').replace(/^export /gm, '');
        const chunks = context.bundle ? pageCode(context.bundle) : {};
        return [
          {
            tag: 'script',
            children: `(() => {\n${body}\nstartFirstReads(${JSON.stringify(chunks)});\n})();`,
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
