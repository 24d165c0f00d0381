import { renderToStaticMarkup } from 'react-dom/server';
import { FaBoxesStacked, FaPlus } from 'react-icons/fa6';
import { describe, expect, it } from 'vitest';
import { svgIcon, type IconNode } from './svgIcon';

/** An icon's data as react-icons holds it, read back from what its component draws. */
function shapesOf(el: Element): IconNode[] {
  return [...el.children].map((c) => {
    const attr = Object.fromEntries([...c.attributes].map((a) => [a.name.replace(/-(\w)/g, (_m, l: string) => l.toUpperCase()), a.value]));
    return c.children.length ? [c.tagName, attr, shapesOf(c)] : [c.tagName, attr];
  });
}

describe('svgIcon (issue 39: the icons without react-icons in the build)', () => {
  it.each([['FaPlus', FaPlus], ['FaBoxesStacked', FaBoxesStacked]] as const)('draws %s as react-icons does, with the caller’s aria-hidden and class', (_name, Icon) => {
    const theirs = renderToStaticMarkup(<Icon aria-hidden className="text-2xl" />);
    const svg = new DOMParser().parseFromString(theirs, 'image/svg+xml').documentElement;
    const Ours = svgIcon({ viewBox: svg.getAttribute('viewBox')! }, shapesOf(svg));
    expect(renderToStaticMarkup(<Ours aria-hidden className="text-2xl" />)).toBe(theirs);
  });
});
