import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import * as arrowRightFile from 'lucide-react/icons/arrow-right';
import * as bookmarkFile from 'lucide-react/icons/bookmark';
import { describe, expect, it } from 'vitest';
import createLightIcon, { type IconData, type LightIconProps } from './light-icon';

/** An icon file of lucide-react: its component, and the data it was made from (not in the package's types). */
const iconOf = (file: object) => file as { default: ComponentType<LightIconProps>; __iconData: IconData };
const { default: ArrowRight, __iconData: arrowRight } = iconOf(arrowRightFile);
const { default: Bookmark, __iconData: bookmark } = iconOf(bookmarkFile);

/** An element's attributes and what it holds, as the page has them (attribute order aside). */
function drawn(Icon: ComponentType<LightIconProps>, props: LightIconProps) {
  const { container, unmount } = render(<Icon {...props} />);
  const svg = container.firstElementChild!;
  const attributes = Object.fromEntries([...svg.attributes].map((attribute) => [attribute.name, attribute.value]));
  const inside = svg.innerHTML;
  unmount();
  return { tag: svg.tagName, attributes, inside };
}

const cases: LightIconProps[] = [
  {},
  { className: 'size-4', 'aria-hidden': true },
  { className: 'size-5 shrink-0', size: 16, strokeWidth: 1.5 },
  { 'aria-label': 'Next chapter', color: 'red' },
  { fill: 'currentColor', className: 'size-3' },
  { size: 32, strokeWidth: 2, absoluteStrokeWidth: true },
];

describe("the browser's light icons (issue 40)", () => {
  it("draw the same element as lucide-react's own, for every way Inkwell draws an icon", () => {
    for (const [Lucide, data] of [
      [ArrowRight, arrowRight],
      [Bookmark, bookmark],
    ] as const) {
      const Light = createLightIcon(data);
      for (const props of cases) expect(drawn(Light, props)).toEqual(drawn(Lucide, props));
    }
  });

  it('keep what is drawn inside an icon, and then leave it to assistive technology', () => {
    const Light = createLightIcon(arrowRight);
    const { container } = render(
      <Light>
        <title>Onwards</title>
      </Light>,
    );
    expect(container.querySelector('svg > title')).toHaveTextContent('Onwards');
    expect(container.querySelector('svg')).not.toHaveAttribute('aria-hidden');
  });
});
