import { createElement, type ReactNode, type SVGProps } from 'react';

/** An SVG element's tag, attributes and children, as react-icons' data gives them. */
export type IconNode = [tag: string, attr: Record<string, string>, children?: IconNode[]];

const draw = (nodes: IconNode[] = []): ReactNode[] => nodes.map(([tag, attr, children]) => createElement(tag, attr, ...draw(children)));

/**
 * An icon drawn as react-icons draws it (apps/web/icon-modules.ts hands each icon's shapes here):
 * the same <svg> attributes, 1em square, in the text's colour, the caller's props (aria-hidden,
 * className, aria-label) on it. Without react-icons' IconBase and its context, which the shop never uses.
 */
export function svgIcon(attr: Record<string, string>, shapes: IconNode[]) {
  return (props: SVGProps<SVGSVGElement>) =>
    createElement('svg', { stroke: 'currentColor', fill: 'currentColor', strokeWidth: '0', ...attr, ...props, height: '1em', width: '1em', xmlns: 'http://www.w3.org/2000/svg' }, ...draw(shapes));
}
