import { COMMERCIAL_LAW, PRIVACY, TERMS } from '@shared/content/legal';
import { LegalDocumentView } from '../components/legal-document';

/** /terms: the terms of use, in force from 29 May 2025 (C-2.7-05). */
export function TermsRoute() {
  return <LegalDocumentView doc={TERMS} />;
}

/** /privacy: the privacy policy (C-2.7-06), with the no-third-party-analytics choice (decision 0010). */
export function PrivacyRoute() {
  return <LegalDocumentView doc={PRIVACY} />;
}

/** /commercial-law: the disclosure under the Act on Specified Commercial Transactions, in force from 1 June 2025 (C-2.7-07..12). */
export function CommercialLawRoute() {
  return <LegalDocumentView doc={COMMERCIAL_LAW} table />;
}
