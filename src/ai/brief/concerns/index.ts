import {
  ACADEMIC_CHEATING,
  DISINFORMATION,
  FAKE_REVIEWS,
  FALSE_CERTIFICATION,
  FALSE_STATEMENTS,
  HEALTH_CLAIMS,
  IMPERSONATION,
  MONEY_FRAUD,
  PHISHING,
  PLAGIARISM,
} from './deception.ts';
import { COVERT_TRACKING, DISCRIMINATION, DOXXING, PERSONAL_DATA_COLLECTION } from './people.ts';
import { DATA_THEFT, SPAM, UNAUTHORISED_ACCESS } from './systems.ts';
import {
  AGE_RESTRICTED_TO_CHILDREN,
  COUNTERFEITS,
  EVADING_REGULATORS,
  ILLEGAL_DRUGS,
  IP_INFRINGEMENT,
  MONEY_LAUNDERING,
  PRICE_FIXING,
  STOLEN_PROPERTY,
  WEAPONS_TRADE,
} from './trade.ts';
import type { Concern } from './vocabulary.ts';

export type { Concern, Pattern } from './vocabulary.ts';

/**
 * The kinds of unlawful, unethical or deceptive work Guild refuses, as a trust-and-safety reviewer would list them:
 * harm to people (their data, privacy, safety, equal treatment), deception (of the public, of customers, of examiners
 * and inspectors), attacks on computer systems and inboxes, and unlawful trade. The first concern whose pattern a
 * request sentence meets gives the reason, so a narrower concern comes before a broader one it overlaps
 * (spam before collecting personal data).
 */
export const CONCERNS: readonly Concern[] = [
  SPAM,
  PERSONAL_DATA_COLLECTION,
  FAKE_REVIEWS,
  DISINFORMATION,
  PHISHING,
  IMPERSONATION,
  DATA_THEFT,
  UNAUTHORISED_ACCESS,
  ACADEMIC_CHEATING,
  PLAGIARISM,
  FALSE_CERTIFICATION,
  HEALTH_CLAIMS,
  EVADING_REGULATORS,
  DISCRIMINATION,
  COVERT_TRACKING,
  DOXXING,
  MONEY_FRAUD,
  FALSE_STATEMENTS,
  MONEY_LAUNDERING,
  PRICE_FIXING,
  AGE_RESTRICTED_TO_CHILDREN,
  ILLEGAL_DRUGS,
  STOLEN_PROPERTY,
  COUNTERFEITS,
  IP_INFRINGEMENT,
  WEAPONS_TRADE,
];
