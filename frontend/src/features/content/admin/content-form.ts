import {
  DEFAULT_SITE_CONTENT,
  type TSiteContent,
  ZContactInfo,
  ZSiteContent,
} from '@app/contracts/api/settings';
import { type FieldErrors, firstMessagePerField } from '../../../lib/field-errors';

/** The eight editable fields, without anything else GET /api/content answers (such as the logo). */
export function contentDraft(content: TSiteContent): TSiteContent {
  return {
    companyTitle: content.companyTitle,
    companySubtitle: content.companySubtitle,
    heroDescription: content.heroDescription,
    servicesDescription: content.servicesDescription,
    contactEmail: content.contactEmail,
    contactPhone: content.contactPhone,
    website: content.website,
    address: content.address,
  };
}

/** Reset to Default fills the form with the Alaska company's texts; nothing is saved until Save. */
export const defaultDraft = (): TSiteContent => ({ ...DEFAULT_SITE_CONTENT });

/** The body of POST /api/content/contact. */
export const contactInfo = (draft: TSiteContent) => ({
  email: draft.contactEmail,
  phone: draft.contactPhone,
  website: draft.website,
  address: draft.address,
});

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? 'Please check the form.');

/** What the server would refuse in a save, in the contract's words; null when fine. */
export const contentProblem = (draft: TSiteContent) => firstIssue(ZSiteContent.safeParse(draft));
export const contactProblem = (contact: ReturnType<typeof contactInfo>) =>
  firstIssue(ZContactInfo.safeParse(contact));

/** The draft's fields the contact endpoint's names stand for. */
const CONTACT_FIELDS = {
  email: 'contactEmail',
  phone: 'contactPhone',
  website: 'website',
  address: 'address',
} as const satisfies Record<keyof ReturnType<typeof contactInfo>, keyof TSiteContent>;

export type ContentErrors = FieldErrors<keyof TSiteContent>;

/** Each refused field of the site content, with its message, for marking the field. */
export function contentErrors(draft: TSiteContent): ContentErrors {
  const result = ZSiteContent.safeParse(draft);
  return result.success ? {} : firstMessagePerField(result.error.issues);
}

/** Each refused contact field, under the draft's field name. */
export function contactErrors(contact: ReturnType<typeof contactInfo>): ContentErrors {
  const result = ZContactInfo.safeParse(contact);
  if (result.success) return {};
  const byEndpointName = firstMessagePerField<keyof typeof CONTACT_FIELDS>(result.error.issues);
  return Object.fromEntries(
    Object.entries(byEndpointName).map(([name, message]) => [
      CONTACT_FIELDS[name as keyof typeof CONTACT_FIELDS],
      message,
    ]),
  );
}
