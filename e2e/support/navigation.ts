import { expect, type Page, type Response } from '@playwright/test';

type GotoOptions = Parameters<Page['goto']>[1];

/**
 * Waits until the app has taken the document over: a server-rendered page is on screen before
 * its scripts run, and a click or a keystroke then reaches nothing. The app marks <html> once
 * React has committed the page (apps/web/src/lib/early-clicks.ts).
 */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/** Loads a page as a reader would, and returns once the app is ready for their clicks and typing. */
export async function openPage(page: Page, path: string, options?: GotoOptions): Promise<Response | null> {
  const response = await page.goto(path, options);
  await waitForApp(page);
  return response;
}

/** Loads the page again, and returns once the app is ready for clicks and typing. */
export async function reloadPage(page: Page): Promise<Response | null> {
  const response = await page.reload();
  await waitForApp(page);
  return response;
}
