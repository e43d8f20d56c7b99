import { messages } from '@fantasy-cricket/rules';

/** The legal documents, rendered to PDF at build time by scripts/build-legal-pdfs.mjs. */
export const legalDocuments = {
  terms: {
    title: messages.shell.terms,
    src: '/legal/terms.pdf',
    downloadName: 'fantasy-cricket-terms-and-conditions.pdf',
  },
  privacy: {
    title: messages.shell.privacy,
    src: '/legal/privacy.pdf',
    downloadName: 'fantasy-cricket-privacy-policy.pdf',
  },
} as const;
