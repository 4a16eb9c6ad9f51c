import { describe, expect, it } from 'vitest';
import { bannerInputSchema, bannerPatchSchema, isSafeLink } from './team-catalogue';

describe('banner links (issue 7 §4.12)', () => {
  it.each([
    '',
    '/',
    '/SeriesView/crown-of-ash',
    '/comics?genre=fantasy',
    'https://example.com',
    'http://example.com/x?y=1',
    'HTTPS://Example.com',
  ])('accepts %j', (link) => {
    expect(isSafeLink(link)).toBe(true);
    expect(bannerInputSchema.safeParse({ title: 'Banner', link }).success).toBe(true);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'https:/evil.example',
    'https:\\\\evil.example',
    'https:///evil.example',
    'evil.example',
    'ftp://example.com',
  ])('refuses %j, on create and on edit', (link) => {
    expect(isSafeLink(link)).toBe(false);
    const created = bannerInputSchema.safeParse({ title: 'Banner', link });
    expect(created.success).toBe(false);
    expect(created.error?.issues[0]?.path).toEqual(['link']);
    expect(bannerPatchSchema.safeParse({ link }).success).toBe(false);
  });
});
