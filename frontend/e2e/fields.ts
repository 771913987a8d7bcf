/// <reference lib="dom" />
import type { Locator } from 'playwright-core';

/** The text a field is described by (its error message), as a screen reader would announce it. */
export const describedBy = (field: Locator) =>
  field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
