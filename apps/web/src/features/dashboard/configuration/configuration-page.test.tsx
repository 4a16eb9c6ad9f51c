import type { SiteConfigAnswer } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import { Toaster } from '../../../components/toast/toaster';
import { useSiteSettings } from '../../../lib/site-settings';
import { ADMIN, adminUser, ok, refused } from '../finances/test-data';
import ConfigurationPage from './configuration-page';

const SITE_SETTINGS = '/api/public/omegascans/public/site-settings';

const PAYOUTS: SiteConfigAnswer['payouts'] = {
  feePercent: 30,
  currency: 'usd',
  coinValueCents: 100,
  minimumCents: 2000,
  exchangeRates: { eur: 1.08 },
};

const config = (overrides: Partial<SiteConfigAnswer> = {}): SiteConfigAnswer => ({
  site: {
    siteName: 'Inkwell',
    discordUrl: 'https://discord.gg/inkwell',
    developerName: 'The Inkwell team',
    contacts: [{ kind: 'github', url: 'https://github.com/inkwell' }],
    defaultLocale: 'en',
    defaultCurrency: 'usd',
  },
  ads: { enabled: false, scripts: '' },
  maintenance: { enabled: false, message: '' },
  registration: { open: true },
  payouts: PAYOUTS,
  content: { adultContent: true },
  twoFactorEnabled: true,
  ...overrides,
});

/** Stands for the shell's footer and user menu, which read the public settings the page should refresh. */
function ShellSettings() {
  useSiteSettings();
  return null;
}

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/Dashboard/Configuration',
        element: (
          <>
            <ConfigurationPage />
            <Toaster />
            <ShellSettings />
          </>
        ),
      },
      { path: '/profile/me', element: <h1>Profile</h1> },
    ],
    '/Dashboard/Configuration',
  );

const patches = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init!.body)));
const settingsReads = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(SITE_SETTINGS)).length;

describe('/Dashboard/Configuration', () => {
  it('shows each section with what is set, and the warning about ad scripts', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${ADMIN}/site-config`]: ok(
        config({
          ads: { enabled: true, scripts: '<script src="https://ads.example/t.js"></script>' },
          registration: { open: false },
        }),
      ),
    });
    renderPage();
    const general = await screen.findByRole('form', { name: 'General' });
    expect(within(general).getByLabelText('Site name')).toHaveValue('Inkwell');
    expect(within(general).getByLabelText('Discord link')).toHaveValue('https://discord.gg/inkwell');
    expect(within(general).getByLabelText('Contact 1 kind')).toHaveValue('github');
    expect(within(general).getByLabelText('Contact 1 address')).toHaveValue('https://github.com/inkwell');
    expect(within(screen.getByRole('form', { name: 'Registration' })).getByLabelText('Registration open')).not.toBeChecked();
    const ads = screen.getByRole('form', { name: 'Ads' });
    expect(within(ads).getByLabelText('Show ads')).toBeChecked();
    expect(within(ads).getByLabelText('Ad scripts')).toHaveValue('<script src="https://ads.example/t.js"></script>');
    expect(within(ads).getByTestId('ads-warning')).toHaveTextContent(
      /run in readers' browsers on public pages.*full access to those pages.*Only paste code from an ad network you trust/,
    );
    expect(screen.queryByText(/Two-factor sign-in is required/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save ads' })).toBeEnabled();
  });

  it('turns maintenance on with a message, and the shell reads its settings again', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [SITE_SETTINGS]: ok({
        siteName: 'Inkwell',
        discordUrl: null,
        developerName: 'x',
        contacts: [],
        maintenance: { enabled: false, message: '' },
        registrationOpen: true,
      }),
      [`GET ${ADMIN}/site-config`]: ok(config()),
      [`PATCH ${ADMIN}/site-config`]: ok(config({ maintenance: { enabled: true, message: 'Back at two.' } })),
    });
    renderPage();
    await waitFor(() => expect(settingsReads(fetchMock)).toBe(1));

    const form = await screen.findByRole('form', { name: 'Maintenance' });
    fireEvent.click(within(form).getByLabelText('Maintenance mode on'));
    fireEvent.change(within(form).getByLabelText('Message'), { target: { value: 'Back at two.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save maintenance' }));
    expect(await screen.findByText('Maintenance mode is on.')).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([{ maintenance: { enabled: true, message: 'Back at two.' } }]);
    await waitFor(() => expect(settingsReads(fetchMock)).toBe(2));
  });

  it('edits the contacts list and the Discord link, and shows the server’s error on the field', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${ADMIN}/site-config`]: ok(config()),
      [`PATCH ${ADMIN}/site-config`]: refused(
        400,
        'validation_failed',
        'site.contacts.1.url: Use a full http:// or https:// address',
        {
          'site.contacts.1.url': 'Use a full http:// or https:// address',
        },
      ),
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'General' });
    fireEvent.change(within(form).getByLabelText('Discord link'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add contact' }));
    fireEvent.change(within(form).getByLabelText('Contact 2 kind'), { target: { value: 'x' } });
    fireEvent.change(within(form).getByLabelText('Contact 2 address'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save general settings' }));

    expect(await within(form).findByText('Use a full http:// or https:// address')).toBeInTheDocument();
    expect(within(form).getByLabelText('Contact 2 address')).toHaveAttribute('aria-invalid', 'true');
    expect(patches(fetchMock)).toEqual([
      {
        site: {
          siteName: 'Inkwell',
          developerName: 'The Inkwell team',
          discordUrl: null,
          contacts: [
            { kind: 'github', url: 'https://github.com/inkwell' },
            { kind: 'x', url: 'javascript:alert(1)' },
          ],
          defaultLocale: 'en',
          defaultCurrency: 'usd',
        },
      },
    ]);

    fireEvent.click(within(form).getByRole('button', { name: 'Remove contact 1' }));
    expect(within(form).getAllByTestId('contact-row')).toHaveLength(1);
    expect(within(form).getByLabelText('Contact 1 kind')).toHaveValue('x');
  });

  it('sets the default language, named in itself, through the general settings', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${ADMIN}/site-config`]: ok(config()),
      [`PATCH ${ADMIN}/site-config`]: ok(config({ site: { ...config().site, defaultLocale: 'pt-BR' } })),
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'General' });
    const language = within(form).getByLabelText('Default language');
    expect(language).toHaveValue('en');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Português (Brasil)', 'Español']);
    fireEvent.change(language, { target: { value: 'pt-BR' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save general settings' }));
    expect(await screen.findByText('General settings saved.')).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([
      {
        site: {
          siteName: 'Inkwell',
          developerName: 'The Inkwell team',
          discordUrl: 'https://discord.gg/inkwell',
          contacts: [{ kind: 'github', url: 'https://github.com/inkwell' }],
          defaultLocale: 'pt-BR',
          defaultCurrency: 'usd',
        },
      },
    ]);
    expect(language).toHaveValue('pt-BR');
  });

  it('sets the payout fee, currency, value of coins, minimum and rates, and shows the server’s refusals on their fields', async () => {
    let answer = ok(config());
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${ADMIN}/site-config`]: ok(config()),
      [`PATCH ${ADMIN}/site-config`]: () => answer(),
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Payouts' });
    const fee = within(form).getByLabelText("Site's fee (%)");
    expect(fee).toHaveValue(30);
    expect(within(form).getByLabelText('Payout currency')).toHaveValue('usd');
    expect(within(form).getByLabelText('Value of 100 coins (USD)')).toHaveValue('1.00');
    expect(within(form).getByLabelText('Minimum transfer (USD)')).toHaveValue('20.00');
    expect(within(form).getByLabelText('Rate 1 currency')).toHaveValue('eur');
    expect(within(form).getByLabelText('1 EUR is worth (USD)')).toHaveValue('1.08');

    fireEvent.change(fee, { target: { value: '25' } });
    fireEvent.change(within(form).getByLabelText('Value of 100 coins (USD)'), { target: { value: '0.80' } });
    fireEvent.change(within(form).getByLabelText('Minimum transfer (USD)'), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add a rate' }));
    fireEvent.change(within(form).getByLabelText('Rate 2 currency'), { target: { value: 'gbp' } });
    fireEvent.change(within(form).getByLabelText('1 GBP is worth (USD)'), { target: { value: '1,27' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save payouts' }));
    expect(await screen.findByText('Payout settings saved.')).toBeInTheDocument();

    answer = refused(400, 'validation_failed', 'payouts.feePercent: The fee is between 0 and 100 %', {
      'payouts.feePercent': 'The fee is between 0 and 100 %',
      'payouts.exchangeRates.gbp': 'An exchange rate is a number above 0 and at most 1,000,000',
    });
    fireEvent.change(fee, { target: { value: '120' } });
    fireEvent.change(within(form).getByLabelText('1 GBP is worth (USD)'), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save payouts' }));
    expect(await within(form).findByText('The fee is between 0 and 100 %')).toBeInTheDocument();
    expect(within(form).getByText('An exchange rate is a number above 0 and at most 1,000,000')).toBeInTheDocument();
    const sent = { currency: 'usd', coinValueCents: 80, minimumCents: 500 };
    expect(patches(fetchMock)).toEqual([
      { payouts: { feePercent: 25, ...sent, exchangeRates: { eur: 1.08, gbp: 1.27 } } },
      { payouts: { feePercent: 120, ...sent, exchangeRates: { eur: 1.08, gbp: 0 } } },
    ]);
  });

  it('refuses before sending an amount it cannot read, and a currency given a rate twice', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${ADMIN}/site-config`]: ok(config()),
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Payouts' });
    // Yen have no minor unit: an amount with decimals is no amount of yen.
    fireEvent.change(within(form).getByLabelText('Payout currency'), { target: { value: 'jpy' } });
    fireEvent.change(within(form).getByLabelText('Minimum transfer (JPY)'), { target: { value: '2000.50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add a rate' }));
    fireEvent.change(within(form).getByLabelText('Rate 2 currency'), { target: { value: 'eur' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save payouts' }));
    // Both amounts were written for dollars: neither is an amount of yen until written again.
    expect(
      await within(form).findAllByText('Write an amount such as 20 or 20.50, with no more decimals than the currency has'),
    ).toHaveLength(2);
    expect(within(form).getByText('This currency already has a rate')).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([]);
  });

  it('turns adult content off: series marked Adult are then for the team alone (issue 36 §4)', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${ADMIN}/site-config`]: ok(config()),
      [`PATCH ${ADMIN}/site-config`]: ok(config({ content: { adultContent: false } })),
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Adult content' });
    const box = within(form).getByLabelText('The site carries series marked Adult');
    expect(box).toBeChecked();
    fireEvent.click(box);
    fireEvent.click(within(form).getByRole('button', { name: 'Save adult content' }));
    expect(await screen.findByText('Series marked Adult are shown to nobody but the team')).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([{ content: { adultContent: false } }]);
  });

  it('without two-factor sign-in: a notice with the way to turn it on, and every control off', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${ADMIN}/site-config`]: ok(config({ twoFactorEnabled: false })),
    });
    renderPage();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Two-factor sign-in is required to change the configuration');
    expect(within(notice).getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile/me');
    for (const name of [
      'Save general settings',
      'Save registration',
      'Save adult content',
      'Save maintenance',
      'Save ads',
      'Save payouts',
    ]) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    expect(screen.getByLabelText('Maintenance mode on')).toBeDisabled();
    expect(screen.getByLabelText('Ad scripts')).toBeDisabled();
  });
});
