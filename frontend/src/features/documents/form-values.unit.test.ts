import { describe, expect, it } from 'vitest';
import { answerFor, answerText, choices, inputText, keyLabel } from './form-values';

describe('form values', () => {
  it('stores a number field as a number once it is one, the text otherwise, and nothing when emptied', () => {
    expect(answerFor({ type: 'number' }, '8')).toBe(8);
    expect(answerFor({ type: 'number' }, '2.5')).toBe(2.5);
    expect(answerFor({ type: 'number' }, 'many')).toBe('many');
    expect(answerFor({ type: 'number' }, '  ')).toBeNull();
    expect(answerFor({ type: 'text' }, ' Jo ')).toBe(' Jo ');
    expect(answerFor({ type: 'date' }, '')).toBeNull();
  });

  it('shows stored answers in inputs and as text', () => {
    expect(inputText(6)).toBe('6');
    expect(inputText(null)).toBe('');
    expect(inputText(['a'])).toBe('');
    expect(choices(['a', 3, 'b'])).toEqual(['a', 'b']);
    expect(choices('a')).toEqual(['a']);
    expect(choices(undefined)).toEqual([]);
    expect(answerText(['Blog', 'SEO'])).toBe('Blog, SEO');
    expect(answerText([])).toBe('—');
    expect(answerText(null)).toBe('—');
    expect(answerText(true)).toBe('Yes');
    expect(answerText(12)).toBe('12');
  });

  it('names an answer key for a form without its definition', () => {
    expect(keyLabel('ownerName')).toBe('Owner Name');
    expect(keyLabel('access_notes')).toBe('Access notes');
    expect(keyLabel('cameraCount2')).toBe('Camera Count2');
  });
});
