// Spec 2.2/2.3: footer link groups. The pages do not exist yet, so the links are placeholders.
export interface FooterLinkGroup {
  title: 'Platform' | 'Support' | 'Legal';
  links: readonly string[];
}

export const FOOTER_LINK_GROUPS: readonly FooterLinkGroup[] = [
  { title: 'Platform', links: ['How It Works', 'Community Guidelines', 'Political Capital Guide', 'Verification Process'] },
  { title: 'Support', links: ['Help Center', 'Contact Us', 'Report Issue', 'Feedback'] },
  { title: 'Legal', links: ['Terms of Service', 'Privacy Policy', 'Open Source', 'API'] },
];

export const FOOTER_YEAR = 2024;
export const CIVILITY_NOTICE = 'US citizens only, one account per person, be civil';
