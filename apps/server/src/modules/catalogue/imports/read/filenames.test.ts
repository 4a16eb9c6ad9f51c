import { describe, expect, it } from 'vitest';
import { parseChapterName, volumeOfFolder } from './filenames';

describe('chapter file names', () => {
  // Names as scanlators, publishers and download tools write them.
  it.each([
    ['Vol 2 Ch 15.5', 15.5, 2, ''],
    ['Vol.02 Ch.015 - The Return', 15, 2, 'The Return'],
    ['Volume 3 Chapter 20', 20, 3, ''],
    ['v02 c015', 15, 2, ''],
    ['v02c015', 15, 2, ''],
    ['c015', 15, null, ''],
    ['c015.cbz', 15, null, ''],
    ['ch001', 1, null, ''],
    ['Ch. 7.1', 7.1, null, ''],
    ['Ch.15.5 Title', 15.5, null, 'Title'],
    ['Chapter 15 - Title', 15, null, 'Title'],
    ['Chapter 001: Romance Dawn', 1, null, 'Romance Dawn'],
    ['chapter_12_the_end', 12, null, 'the end'],
    ['015', 15, null, ''],
    ['015.zip', 15, null, ''],
    ['001 - Prologue', 1, null, 'Prologue'],
    ['12.5', 12.5, null, ''],
    ['One Piece 1000', 1000, null, ''],
    ['One Piece - c1000 (v97) [Digital] [Group]', 1000, 97, ''],
    ['Berserk_Ch_001', 1, null, ''],
    ['Solo Leveling - Chapter 110 [Asura Scans]', 110, null, ''],
    ['Tower of God v03 c042 - The Floor', 42, 3, 'The Floor'],
    ['Series Name (2019) c003', 3, null, ''],
    ['#12 The Last Stand', 12, null, 'The Last Stand'],
    ['Episode 3', 3, null, ''],
    ['Ep. 03 - Pilot', 3, null, 'Pilot'],
    ['Capítulo 10 - O Fim', 10, null, 'O Fim'],
    ['Chapitre 4', 4, null, ''],
    ['Vol 1', null, 1, ''],
    ['Prologue', null, null, ''],
    ['Epic Tales 15', 15, null, ''],
    ['Chapter 15,5', 15.5, null, ''],
  ])('reads %s', (name, number, volume, title) => {
    expect(parseChapterName(name)).toEqual({ number, volume, title });
  });

  it('takes no bare number from inside a table of contents label', () => {
    expect(parseChapterName('The 3 Kingdoms', { strict: true }).number).toBeNull();
    expect(parseChapterName('Chapter 3: The Fall', { strict: true })).toEqual({ number: 3, volume: null, title: 'The Fall' });
  });

  it('reads a volume from the folder a chapter sits in', () => {
    expect(volumeOfFolder('Vol 2')).toBe(2);
    expect(volumeOfFolder('Volume_03')).toBe(3);
    expect(volumeOfFolder('Extras')).toBeNull();
  });
});
