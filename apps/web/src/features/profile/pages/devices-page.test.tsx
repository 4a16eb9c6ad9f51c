import { ROUTES, fillPath, type DeviceKey } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import DevicesPage from './devices-page';

const renderPage = () => renderRoutes([{ path: '/profile/devices', element: <DevicesPage /> }], '/profile/devices');
const ok = (data: unknown, status = 200) => Response.json({ success: true, message: 'ok', data }, { status });
/** The reader's keys (the page lists the apps that work too). */
const keyList = async () => within(await screen.findByRole('region', { name: /^Your keys/ })).findByRole('list');
/** The server draws a new key's QR code; here, a stand-in SVG. */
const QR_CODE = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;

describe('/profile/devices (issue 19 §1)', () => {
  it('makes a key, shows it once with the OPDS address and username, lists keys with their last use, and revokes one after asking', async () => {
    let keys: DeviceKey[] = [
      {
        id: '11111111-1111-4111-8111-111111111111',
        name: 'KOReader on the Kobo',
        createdAt: '2026-11-01T10:00:00.000Z',
        lastUsedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
        lastUsedAddress: '203.0.113.9',
      },
    ];
    const asked: unknown[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [`GET ${ROUTES.deviceKeys.path}`]: () => ok({ items: keys, max: 20 }),
      [`POST ${ROUTES.deviceKeyCreate.path}`]: (init) => {
        const body = JSON.parse(String(init?.body)) as { name: string };
        asked.push(body);
        const made = {
          id: '22222222-2222-4222-8222-222222222222',
          name: body.name,
          createdAt: new Date().toISOString(),
          lastUsedAt: null,
          lastUsedAddress: null,
        };
        keys = [...keys, made];
        return ok({ ...made, key: 'iwk_0123456789abcdefghijklmnopqrstuv', qrCode: QR_CODE }, 201);
      },
      [`DELETE ${fillPath(ROUTES.deviceKeyRevoke.path, { id: '11111111-1111-4111-8111-111111111111' })}`]: () => {
        keys = keys.filter((key) => key.id !== '11111111-1111-4111-8111-111111111111');
        return Response.json({ success: true, message: 'Key revoked' });
      },
    });
    renderPage();
    const list = await keyList();
    // The addresses are on the page before any key is made.
    const addresses = screen.getByRole('region', { name: 'Where apps connect' });
    expect(within(addresses).getByText(`${window.location.origin}/koreader`)).toBeInTheDocument();
    // Two catalogue addresses, each saying which apps it is for (issue 33), each beside the one that
    // always asks for the key (issue 39); apps that really work, never "Mihon with an OPDS source".
    expect(within(addresses).getByText('OPDS 1.2 catalogue')).toBeInTheDocument();
    expect(within(addresses).getByText('For KOReader, Panels, Chunky and Thorium Reader.')).toBeInTheDocument();
    expect(within(addresses).getByText(/^For apps that speak OPDS 2/)).toBeInTheDocument();
    expect(within(addresses).getByText(`${window.location.origin}/opds/v1.2/catalog`)).toBeInTheDocument();
    expect(within(addresses).getByText(`${window.location.origin}/opds/v1.2/auth/catalog`)).toBeInTheDocument();
    expect(within(addresses).getByText(`${window.location.origin}/opds/v2/auth/catalog`)).toBeInTheDocument();
    expect(within(addresses).getByText('OPDS 1.2 catalogue, asking for the key first')).toBeInTheDocument();
    expect(within(addresses).getByText(/^Panels \(iPhone, iPad\)/)).toBeInTheDocument();
    expect(within(addresses).queryByText(/Mihon/)).not.toBeInTheDocument();
    // No QR code without a new key.
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(within(list).getByText('KOReader on the Kobo')).toBeInTheDocument();
    expect(within(list).getByText(/Last used 2 hours ago from 203\.0\.113\.9/)).toBeInTheDocument();

    // A blank name is refused before asking.
    fireEvent.click(screen.getByRole('button', { name: 'Make a key' }));
    expect(await screen.findByText('Name the app or device this key is for')).toBeInTheDocument();
    expect(asked).toEqual([]);

    fireEvent.change(screen.getByLabelText('Name the app or device'), { target: { value: '  Panels on my iPad ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make a key' }));
    const shown = await screen.findByRole('region', { name: 'Your new key' });
    expect(asked).toEqual([{ name: 'Panels on my iPad' }]);
    expect(within(shown).getByText('iwk_0123456789abcdefghijklmnopqrstuv')).toBeInTheDocument();
    expect(within(shown).getByText(`${window.location.origin}/opds/v1.2/catalog`)).toBeInTheDocument();
    expect(within(shown).getByText(`${window.location.origin}/opds/v2/catalog`)).toBeInTheDocument();
    expect(within(shown).getByText(`${window.location.origin}/koreader`)).toBeInTheDocument();
    expect(within(shown).getByText(`${window.location.origin}/opds/v1.2/auth/catalog`)).toBeInTheDocument();
    expect(within(shown).getByText('reader_one')).toBeInTheDocument();
    // The QR code the server drew, shown as it came: a data: URL, nothing fetched for it.
    const qr = within(shown).getByRole('img', { name: 'QR code of the catalogue address with your username and key' });
    expect(qr).toHaveAttribute('src', QR_CODE);
    await waitFor(async () => expect(within(await keyList()).getByText('Panels on my iPad')).toBeInTheDocument());
    expect(screen.getByText('Never used', { exact: false })).toBeInTheDocument();
    // Once dismissed, the key is gone from the page for good.
    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText('iwk_0123456789abcdefghijklmnopqrstuv')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();

    const [first] = within(await keyList()).getAllByRole('listitem');
    fireEvent.click(within(first!).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke “KOReader on the Kobo”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByText('KOReader on the Kobo')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: /Your keys/ })).toHaveTextContent('(1 of 20)');
  });

  it('says when the limit is reached, and offers no new key', async () => {
    const full = Array.from({ length: 20 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `App ${i}`,
      createdAt: '2026-11-01T10:00:00.000Z',
      lastUsedAt: null,
      lastUsedAddress: null,
    }));
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [`GET ${ROUTES.deviceKeys.path}`]: () => ok({ items: full, max: 20 }),
    });
    renderPage();
    expect(await screen.findByText('You have 20 keys: revoke one you no longer use to make another.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make a key' })).toBeDisabled();
  });
});
