import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderInApp, verifyAs } from '../../test/render';
import { Footer } from './footer';

const confetti = vi.hoisted(() => {
  const fire = vi.fn(() => null);
  return { fire, create: vi.fn(() => fire) };
});
vi.mock('canvas-confetti', () => ({ default: { create: confetti.create } }));

beforeEach(() => {
  mockApi({
    '/api/proxy/public/verify': verifyAs(null),
    '/api/public/omegascans/public/site-settings': () =>
      Response.json({ success: true, data: { siteName: 'Inkwell', discordUrl: null, developerName: 'Ada', contacts: [] } }),
  });
});

describe('the footer confetti (SPEC §2; issue 7 §4.16)', () => {
  it('draws on the main thread, since the site’s CSP refuses the blob: worker canvas-confetti uses by default', async () => {
    renderInApp(<Footer />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ada' }));
    await waitFor(() => expect(confetti.fire).toHaveBeenCalledTimes(1));
    expect(confetti.create).toHaveBeenCalledWith(undefined, expect.objectContaining({ useWorker: false }));
    expect(confetti.fire).toHaveBeenCalledWith(expect.objectContaining({ particleCount: 120 }));

    // One cannon for the page: a second click fires again without making another canvas.
    fireEvent.click(screen.getByRole('button', { name: 'Ada' }));
    await waitFor(() => expect(confetti.fire).toHaveBeenCalledTimes(2));
    expect(confetti.create).toHaveBeenCalledTimes(1);
  });
});

describe("the footer's theme choice (issue 33 §14)", () => {
  it('offers System, Light and Dark to every reader and visitor, System until one is chosen', async () => {
    renderInApp(<Footer />);
    const choice = await screen.findByRole('group', { name: 'Theme' });
    expect(within(choice).getByRole('radio', { name: 'System' })).toBeChecked();
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['system', 'light', 'dark']);
  });
});
