import { describe, expect, it } from 'vitest';
import { decodeEvent, EventSchemaError, encodeEvent } from './domain.ts';

const v1Photo = {
  projectId: 7,
  url: `/api/files/photos/${'a'.repeat(64)}.jpg`,
  thumbnailUrl: `/api/files/thumbnails/${'b'.repeat(64)}.jpg`,
  name: 'IMG_1.jpg',
};

describe('stored events and their schemas', () => {
  it('upcasts a version-1 photo event to the current version on read', () => {
    expect(decodeEvent('ProjectPhotoAdded', v1Photo, 1)).toEqual({
      projectId: 7,
      file: `${'a'.repeat(64)}.jpg`,
      thumbnail: `${'b'.repeat(64)}.jpg`,
      name: 'IMG_1.jpg',
    });
    // An event stored before versions were recorded is version 1.
    expect(decodeEvent('ProjectPhotoRemoved', v1Photo)).toMatchObject({ file: `${'a'.repeat(64)}.jpg` });
  });

  it('stores the current version, keeps only the schema’s fields and refuses what does not fit', () => {
    const encoded = encodeEvent('ProjectPhotoAdded', {
      projectId: 7,
      file: 'x.jpg',
      thumbnail: 'y.jpg',
      name: 'n',
      junk: 1,
    });
    expect(encoded).toEqual({
      version: 2,
      data: { projectId: 7, file: 'x.jpg', thumbnail: 'y.jpg', name: 'n' },
    });
    expect(
      encodeEvent('ClientRegistered', {
        clientId: 1,
        userId: null,
        name: 'A',
        email: 'a@b.c',
        phone: null,
        address: null,
      }).version,
    ).toBe(1);
    expect(() => encodeEvent('ProjectPhotoAdded', v1Photo)).toThrow(EventSchemaError);
    expect(() => encodeEvent('NoSuchEvent', {})).toThrow(/unknown event type/);
  });

  it('refuses what a projector could not store: impossible days, ids out of range, NUL, lone surrogates', () => {
    const note = { noteId: 1, userId: 1, day: '2026-11-24', text: 'ok' };
    expect(() => encodeEvent('DailyNoteAdded', note)).not.toThrow();
    expect(() => encodeEvent('DailyNoteAdded', { ...note, day: '2030-02-31' })).toThrow(/day/);
    expect(() => encodeEvent('DailyNoteAdded', { ...note, day: '9999-99-99' })).toThrow(/day/);
    expect(() => encodeEvent('DailyNoteAdded', { ...note, noteId: 2_147_483_648 })).toThrow(/noteId/);
    expect(() => encodeEvent('DailyNoteAdded', { ...note, text: 'a\u0000b' })).toThrow(/text/);
    expect(() => encodeEvent('DailyNoteAdded', { ...note, text: 'a\uD800b' })).toThrow(/text/);
    expect(() =>
      encodeEvent('DailyNoteAdded', { ...note, text: '\uD83D\uDE00 paired is fine' }),
    ).not.toThrow();
  });

  it('hands on data that no longer parses as it is, for the reader to refuse', () => {
    expect(decodeEvent('DailyNoteAdded', { noteId: 1, day: '2030-02-31' })).toEqual({
      noteId: 1,
      day: '2030-02-31',
    });
    expect(decodeEvent('SomethingElse', { a: 1 })).toEqual({ a: 1 });
  });
});
