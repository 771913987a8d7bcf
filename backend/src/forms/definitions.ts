import { customFormIdOf } from '@app/contracts/api/forms';
import type { FormDefinition } from '@app/contracts/forms/definition';
import { templateById } from '@app/contracts/forms/templates';
import { load } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { customFormDecider, customFormStream } from './decide.ts';

/**
 * The definition a document's answers are checked against, named by its `templateType`: a built-in template
 * (`security`, `property-permission`, ...) or a custom form (`custom-<id>`), read from the form's own stream
 * (the write side decides on the write side). A removed or missing custom form, or an unknown name: undefined.
 */
export async function formDefinitionFor(
  deps: Pick<AppDeps, 'store'>,
  templateType: string | null | undefined,
): Promise<FormDefinition | undefined> {
  const template = templateById(templateType);
  if (template) return template;
  const formId = customFormIdOf(templateType);
  if (formId === undefined) return undefined;
  const { state } = await load(deps.store, customFormStream(formId), customFormDecider);
  if (state.lifecycle !== 'active') return undefined;
  const { title, description, sections } = state;
  return { title, description, sections };
}
