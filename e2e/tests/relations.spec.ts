import { expect, test, type Page } from '@playwright/test';
import { logInAs } from '../support/auth';
import { openPage } from '../support/navigation';

// Issue 39 §5: an editor relates a comic to the novel it adapts, with a chapter map, in the
// dashboard; a reader finishing the comic's mapped chapter follows the link into the novel's next
// chapter, and from the novel's mapped chapter back into the comic.

const COMIC = { slug: 'crown-of-ash', title: 'Crown of Ash' };
const NOVEL = { slug: 'bones-of-the-old-road', title: 'Bones of the Old Road' };
const SHOTS = 'e2e/.tmp/relations';

async function seriesId(page: Page, slug: string): Promise<string> {
  const answer = (await (await page.request.get(`/api/public/omegascans/public/series/${slug}`)).json()) as {
    data: { id: string };
  };
  return answer.data.id;
}

/** The chapter's end, scrolled to: its "continue in …" link comes as the reader nears it. */
async function continuation(page: Page) {
  const slot = page.getByTestId('chapter-continuation-slot');
  await slot.scrollIntoViewIfNeeded();
  return slot.getByRole('link');
}

test('an editor maps a comic onto its novel; a reader follows the map from the comic into the novel and back', async ({
  page,
  browser,
}) => {
  await logInAs(page, 'editor');
  const comicId = await seriesId(page, COMIC.slug);
  await openPage(page, `/Dashboard/Series/Series/EditSerie/${comicId}`);

  // The comic's source is the novel.
  const relations = page.getByTestId('relations-section');
  await relations.scrollIntoViewIfNeeded();
  await relations.getByLabel('Find a series').fill('Bones of the Old');
  const choice = relations.getByRole('combobox', { name: 'Series', exact: true });
  await expect(choice.locator('option', { hasText: NOVEL.title })).toHaveCount(1);
  await choice.selectOption({ label: NOVEL.title });
  await relations.getByRole('combobox', { name: 'It is this series’…' }).selectOption('source');
  await relations.getByRole('button', { name: 'Add relation' }).click();
  await expect(page.getByText('Relation added')).toBeVisible();
  const row = relations.getByRole('listitem').filter({ hasText: NOVEL.title });
  await expect(row).toContainText(`Source: ${NOVEL.title}`);
  await expect(row).toContainText('no chapters mapped');

  // Its chapter map: the comic's chapter 1 ends where the novel's chapter 2 does, its chapter 2 at the novel's 3.
  await row.getByRole('button', { name: `Chapter map with ${NOVEL.title}` }).click();
  const map = row.getByTestId('chapter-map');
  const pairs: [string, string][] = [
    ['Chapter 1: Beginnings', 'Chapter 2'],
    ['Chapter 2', 'Chapter 3'],
  ];
  for (const [index, [ours, theirs]] of pairs.entries()) {
    await map.getByRole('button', { name: 'Add a row' }).click();
    const theirSelect = map.getByRole('combobox', { name: `Chapter of ${NOVEL.title}, row ${index + 1}` });
    await expect(theirSelect.locator('option', { hasText: theirs })).not.toHaveCount(0);
    await map.getByRole('combobox', { name: `This series’ chapter, row ${index + 1}` }).selectOption({ label: ours });
    await theirSelect.selectOption({ label: theirs });
  }
  await map.getByRole('button', { name: 'Save chapter map' }).click();
  await expect(page.getByText('Chapter map saved')).toBeVisible();
  await expect(row).toContainText('2 chapters mapped');
  await page.screenshot({ path: `${SHOTS}/dashboard.png`, fullPage: true });

  // A reader finishing the comic's chapter 1 continues in the novel with chapter 3.
  const context = await browser.newContext();
  const reader = await context.newPage();
  await openPage(reader, `/SeriesView/${COMIC.slug}/chapter-1`);
  const toNovel = await continuation(reader);
  await expect(toNovel).toContainText('The comic ends here at chapter 2 of the novel');
  await expect(toNovel).toContainText('Continue in the novel with chapter 3');
  await reader.screenshot({ path: `${SHOTS}/comic-end.png` });
  await toNovel.click();
  await expect(reader).toHaveURL(`/SeriesView/${NOVEL.slug}/chapter-3`);

  // The novel's chapter 3 is adapted in the comic's chapter 2: back into the comic with its chapter 3.
  const toComic = await continuation(reader);
  await expect(toComic).toContainText('This chapter is adapted in chapter 2 of the comic');
  await expect(toComic).toContainText('Continue in the comic with chapter 3');
  await toComic.click();
  await expect(reader).toHaveURL(`/SeriesView/${COMIC.slug}/chapter-3`);

  // The novel's page names its adaptation.
  await openPage(reader, `/SeriesView/${NOVEL.slug}`);
  const related = reader.getByTestId('related-series');
  await expect(related).toContainText(`Adaptation${COMIC.title}`);
  await expect(related.getByRole('link', { name: COMIC.title })).toHaveAttribute('href', `/SeriesView/${COMIC.slug}`);
  await context.close();

  // The editor removes the relation: both sides forget it, and the comic's end offers the novel no more.
  await row.getByRole('button', { name: 'Remove' }).click();
  await row.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(page.getByText('Relation removed')).toBeVisible();
  await expect(relations.getByRole('listitem').filter({ hasText: NOVEL.title })).toHaveCount(0);
});
