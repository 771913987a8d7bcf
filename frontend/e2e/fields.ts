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

/**
 * Picks a record in a search combobox (ui/SearchCombobox): types `search` and clicks the option whose name is
 * `name`, checking first that the line under it (`details`) tells it apart when given.
 */
export async function pickFromSearch(
  field: Locator,
  search: string,
  name: string,
  details?: string | RegExp,
) {
  await field.fill(search);
  const page = field.page();
  // The options of this search, not the last one's: the list says it is busy until they are in.
  const list = page.locator(`[id="${await field.getAttribute('aria-controls')}"]`);
  await list.and(page.locator('[aria-busy="false"]')).waitFor();
  const option = list.getByRole('option').filter({ hasText: name });
  if (details !== undefined) await option.filter({ hasText: details }).first().waitFor();
  await option.first().click();
}
