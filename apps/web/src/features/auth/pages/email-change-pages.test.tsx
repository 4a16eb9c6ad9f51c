import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderInApp, verifyAs } from '../../../../test/render';
import EmailChangeConfirmPage from './email-change-confirm-page';
import EmailChangeUndoPage from './email-change-undo-page';

const CONFIRM = '/api/proxy/public/email-change/confirm';
const UNDO = '/api/proxy/public/email-change/undo';

describe('the pages the e-mail change’s links open (issue 36 §2)', () => {
  it('changes nothing on opening; the button confirms and names the new address', async () => {
    let confirmed = 0;
    mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      [CONFIRM]: () => {
        confirmed += 1;
        return Response.json({ success: true, data: { email: 'new@example.com' } });
      },
    });
    renderInApp(<EmailChangeConfirmPage />, '/email-change/confirm?token=abc');
    expect(await screen.findByRole('button', { name: 'Use this address' })).toBeInTheDocument();
    expect(confirmed).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Use this address' }));
    expect(await screen.findByText('Done: your account’s address is now new@example.com.')).toBeInTheDocument();
    expect(confirmed).toBe(1);
  });

  it('shows the server’s refusal above the button, and says so when the link has no token', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      [UNDO]: () =>
        Response.json({ success: false, error: { code: 'invalid_token', message: 'This link has expired.' } }, { status: 400 }),
    });
    const { unmount } = renderInApp(<EmailChangeUndoPage />, '/email-change/undo?token=old');
    fireEvent.click(await screen.findByRole('button'));
    expect(await screen.findByText('This link has expired.')).toBeInTheDocument();
    unmount();
    renderInApp(<EmailChangeUndoPage />, '/email-change/undo');
    expect(await screen.findByText('This link is incomplete. Open the link from your e-mail again.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
