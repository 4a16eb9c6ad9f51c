import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chapterSummary } from '../../test/series-chapters';
import { ChapterMarks } from './chapter-marks';

const IN_TWO_DAYS = new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString();
const chapter = (openUntil: string | null) => chapterSummary({ openUntil });

describe('a chapter opened by a rental', () => {
  it('shows as rented, with when it locks again, not as unlocked for good', () => {
    const { container } = render(<ChapterMarks chapter={chapter(IN_TWO_DAYS)} />);
    const mark = container.querySelector('[data-access]')!;
    expect(mark.getAttribute('data-access')).toBe('rented');
    // The short form on a phone, the long one from the small breakpoint up (CSS shows one).
    expect(mark).toHaveTextContent('Rented · 2d left');
    expect(mark).toHaveTextContent('Rented · ends in 2 days');
    expect(mark.getAttribute('title')).toMatch(/^Open for you until /);
  });

  it('a chapter bought for good stays marked unlocked', () => {
    render(<ChapterMarks chapter={chapter(null)} />);
    expect(screen.getByText('Unlocked')).toBeInTheDocument();
  });
});

describe('an early-access chapter', () => {
  it('says when it turns free as the reader’s countdown does, to the hour and never rounded up (issue 33)', () => {
    const almostTwoDays = new Date(Date.now() + 2 * 86_400_000 - 60_000).toISOString();
    render(<ChapterMarks chapter={chapterSummary({ access: 'early_access', price: 30, freeAt: almostTwoDays })} />);
    expect(screen.getByText(/^Free in/)).toHaveTextContent('Free in 1d 23h');
  });
});
