import {
  DEFAULT_SITE_CONTENT,
  type TSiteContent,
  ZContactInfo,
  ZSiteContent,
} from '@app/contracts/api/settings';

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
