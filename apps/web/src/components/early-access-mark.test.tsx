import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadI18n } from '../lib/i18n/i18n';
import { I18nProvider } from '../lib/i18n/i18n-context';
import { EarlyAccessMark } from './early-access-mark';

const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const inThreeDays = new Date(NOW + 3 * 86_400_000).toISOString();

describe('a member’s early chapter (issue 38 §1)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it.each([
    ['en', 'Early access · public in 3 days'],
    ['pt-BR', 'Acesso antecipado · público em 3 dias'],
    ['es', 'Acceso anticipado · público dentro de 3 días'],
  ] as const)('says when it turns public, in %s', async (locale, text) => {
    const i18n = await loadI18n(locale);
    render(
      <I18nProvider i18n={i18n}>
        <EarlyAccessMark publicAt={inThreeDays} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('member-early-access')).toHaveTextContent(text);
  });
});
