import { createElement, type ReactNode, type SVGProps } from 'react';

/**
 * lucide-react's icons, drawn lighter (issue 40, phones). Every icon file of lucide-react makes its
 * component with `createLucideIcon`; the build hands them this one instead (vite.config.ts,
 * `lightIcons`). lucide's own draws each icon through two `forwardRef` layers, a context read and
 * its attributes rebuilt from scratch (a reduce, class names split and merged) on every drawing:
 * ~0.5 ms an icon on a slow phone, and a chapter's page draws ~50 of them as it starts. This one
 * makes the fixed attributes once per icon and draws an `<svg>` with the same attributes and
 * classes as lucide's. Inkwell passes icons `className`, `size`, `strokeWidth`, `fill` and ARIA
 * props, never a ref or lucide's context.
 */

type IconNode = [tag: string, attributes: Record<string, string>][];

export interface IconData {
  name?: string;
  size?: number;
  node: IconNode;
  aliases?: string[];
}

export interface LightIconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
}

/** An icon names itself to assistive technology only through ARIA, a role or a title (as lucide decides). */
function isNamed(props: object): boolean {
  for (const key in props) {
    if ((key.startsWith('aria-') || key === 'role' || key === 'title') && (props as Record<string, unknown>)[key] != null)
      return true;
  }
  return false;
}

export default function createLucideIcon(iconData: IconData | string, iconNode: IconNode = []) {
  const data: IconData = typeof iconData === 'string' ? { name: toKebab(iconData), size: 24, node: iconNode } : iconData;
  const box = data.size ?? 24;
  const classes = [
    'lucide',
    ...(data.name ? [`lucide-${data.name}`] : []),
    ...(data.aliases ?? []).map((alias) => `lucide-${alias}`),
  ].join(' ');
  const node = data.node;

  function LightIcon({
    className,
    size = 24,
    color = 'currentColor',
    strokeWidth = 2,
    absoluteStrokeWidth,
    children,
    ...rest
  }: LightIconProps) {
    const stroke = absoluteStrokeWidth ? (Number(strokeWidth) * box) / Number(size) : strokeWidth;
    const parts: ReactNode[] = node.map(([tag, attributes]) => createElement(tag, attributes));
    if (children !== undefined) parts.push(children);
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: `0 0 ${box} ${box}`,
        fill: 'none',
        stroke: color,
        strokeWidth: stroke,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: className ? `${classes} ${className}` : classes,
        ...(children === undefined && !isNamed(rest) ? { 'aria-hidden': 'true' } : {}),
        ...rest,
      },
      ...parts,
    );
  }
  if (data.name) LightIcon.displayName = toPascal(data.name);
  return LightIcon;
}

const toKebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const toPascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase());
