import { Footer, TextLink } from '@fantasy-cricket/ui';
import { FOOTER_COPYRIGHT_YEAR, shellMessages } from '@fantasy-cricket/rules';
import { Link } from 'react-router-dom';

export const TERMS_PDF = '/legal/terms.pdf';
export const PRIVACY_PDF = '/legal/privacy.pdf';

/** Copyright, the two legal documents (new tab) and Contact Us (spec section 2, "Footer"). */
export function AppFooter() {
  return (
    <Footer>
      <span>{shellMessages.copyright(FOOTER_COPYRIGHT_YEAR)}</span>
      <TextLink href={TERMS_PDF} target="_blank" rel="noopener">
        {shellMessages.terms}
      </TextLink>
      <TextLink href={PRIVACY_PDF} target="_blank" rel="noopener">
        {shellMessages.privacy}
      </TextLink>
      <TextLink asChild>
        <Link to="/contact">{shellMessages.contactUs}</Link>
      </TextLink>
    </Footer>
  );
}
