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

/**
 * Waits until nothing on the page is in the middle of an animation or transition (a toast fading
 * out, a panel sliding in); endless ones (a spinner, a skeleton's pulse) are left out. An
 * accessibility check reads colours as drawn, and the contrast of a fading text is not the page's.
 */
export async function waitForStillPage(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    (
      document as unknown as {
        getAnimations(): { playState: string; effect: { getComputedTiming(): { endTime?: number | string } } | null }[];
      }
    )
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

/**
 * Presses End until `isThere` holds. One press can land short of the end while the page still
 * settles (its images, a font, the comments loading as the reader nears them); a reader then
 * presses it again. Seen twice in one full journey run (a strip left at a quarter, a novel short
 * of its end), never alone; the cause is not known yet.
 */
export async function pressEndUntil(page: Page, isThere: () => Promise<boolean>): Promise<void> {
  await expect(async () => {
    await page.keyboard.press('End');
    await expect.poll(isThere, { timeout: 2_000 }).toBe(true);
  }).toPass({ timeout: 20_000 });
}

/** Whether the page is scrolled to its end. */
export function isAtEnd(page: Page): () => Promise<boolean> {
  return () => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1);
}
