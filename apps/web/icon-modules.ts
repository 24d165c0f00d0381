import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PREFIX = '\0react-icon:';
const SVG_ICON = fileURLToPath(new URL('./src/components/svgIcon.ts', import.meta.url));

type Tree = { tag: string; attr: Record<string, string>; child: Tree[] };
/** react-icons' node { tag, attr, child } as svgIcon's [tag, attr, children]. */
const compact = (n: Tree): unknown[] => (n.child.length ? [n.tag, n.attr, n.child.map(compact)] : [n.tag, n.attr]);
const require = createRequire(import.meta.url);

/**
 * Each react-icons icon our code imports becomes a module of its own (issue 25). react-icons keeps a
 * whole set (fa6, md, io5, …) in one module, and Rollup puts a module in one chunk with every icon
 * any chunk uses: the entry carried the icons of pages loaded later (the password's eye, the product
 * page's, the cart's). `import { FaPlus, FaMinus } from 'react-icons/fa6'` in src/ becomes one import
 * per icon of a module holding just that icon's code, taken as it is from the set's index.mjs, so
 * each icon goes with the chunk that uses it. The icons draw through our svgIcon (src/components/svgIcon.ts),
 * with react-icons' shapes as they are: the same markup, without react-icons' IconBase and its
 * context in the entry (issue 39).
 */
export function iconModules(): Plugin {
  const sets = new Map<string, string>();
  const setSource = (set: string) => {
    if (!sets.has(set)) sets.set(set, readFileSync(path.join(path.dirname(require.resolve(`react-icons/${set}`)), 'index.mjs'), 'utf8'));
    return sets.get(set)!;
  };
  return {
    name: 'haat-icon-modules',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || !code.includes('react-icons/')) return null;
      const out = code.replace(/import\s*\{([^}]+)\}\s*from\s*'react-icons\/(\w+)';/g, (_all, names: string, set: string) =>
        names
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
          .map((n) => {
            const [name, local = name] = n.split(/\s+as\s+/);
            return `import { ${name} as ${local} } from '${PREFIX}${set}/${name}';`;
          })
          .join('\n'),
      );
      return out === code ? null : { code: out, map: null };
    },
    resolveId: (id) => (id.startsWith(PREFIX) ? id : null),
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [set = '', name = ''] = id.slice(PREFIX.length).split('/');
      const body = new RegExp(`export function ${name} \\(props\\) \\{\\n  return (GenIcon\\(.*\\))\\(props\\);\\n\\};`).exec(setSource(set))?.[1];
      if (!body) throw new Error(`react-icons/${set} has no icon ${name}`);
      const tree = JSON.parse(body.slice('GenIcon('.length, -1)) as Tree;
      return `import { svgIcon } from ${JSON.stringify(SVG_ICON)};\nexport const ${name} = svgIcon(${JSON.stringify(tree.attr)}, ${JSON.stringify(tree.child.map(compact))});\n`;
    },
  };
}
