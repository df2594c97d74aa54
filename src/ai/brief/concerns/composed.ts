import { KEPT_FROM_THOSE_IT_AFFECTS } from './kept-from-whom.ts';
import type { Purpose } from './purpose.ts';
import { PROTECTION_TAKEN_AWAY, STATED_AGAINST_WHAT_IS_SO } from './wrongs-against-the-facts.ts';
import {
  ASSETS_PUT_OUT_OF_REACH,
  DATED_TO_ANOTHER_TIME,
  DECLARED_AGAINST_WHAT_IS_KNOWN,
  LICENCE_AVOIDED_WHILE_WORK_GOES_ON,
  ONE_COST_CLAIMED_TWICE,
  ONE_ORIGIN_FOR_A_MIXED_SUPPLY,
  OUTCOME_FIXED_AS_CHANCE,
  SAVING_AGAINST_A_BRIEF_PRICE,
  SHOWN_TO_WHOEVER_CHECKS_AS_WHAT_IT_IS_NOT,
  THEIR_MONEY_KEPT,
  WHAT_BUYERS_READ_LEFT_AS_IT_WAS,
} from './wrongs-in-dealings.ts';
import {
  ASSESSED_IN_ANOTHERS_PLACE,
  CHECKS_RECORDED_NOT_MADE,
  PAID_OUT_TO_COME_BACK,
  SAFETY_CLAIMED_AGAINST_ITS_OWN_TERMS,
} from './wrongs-on-the-record.ts';
import { PROTECTED_WILDLIFE_HARMED, USED_SOLD_AS_NEW } from './wrongs-out-of-sight.ts';
import { CONSENT_SET_ASIDE, DECLARATION_MADE_FOR_THEM, EVIDENCE_BOUGHT_OFF } from './wrongs-to-a-say.ts';
import {
  ANOTHERS_SUPPLY_TAKEN,
  GIVEN_TO_PEOPLE_UNKNOWINGLY,
  PAPERS_HELD_AGAINST_THEM,
  PRESSED_BEFORE_THEY_CAN_THINK,
  RECORDED_WITHOUT_BEING_TOLD,
  THEIR_SAY_LEFT_OUT_ON_PURPOSE,
} from './wrongs-to-people.ts';

export * from './kept-from-whom.ts';
export * from './wrongs-against-the-facts.ts';
export * from './wrongs-in-dealings.ts';
export * from './wrongs-on-the-record.ts';
export * from './wrongs-out-of-sight.ts';
export * from './wrongs-to-a-say.ts';
export * from './wrongs-to-people.ts';

/** Read after the structural wrongs (structure.ts); the first whose parts meet gives the reason. */
export const COMPOSED_WRONGS: readonly Purpose[] = [
  THEIR_SAY_LEFT_OUT_ON_PURPOSE,
  PAPERS_HELD_AGAINST_THEM,
  ASSETS_PUT_OUT_OF_REACH,
  DECLARED_AGAINST_WHAT_IS_KNOWN,
  OUTCOME_FIXED_AS_CHANCE,
  SAVING_AGAINST_A_BRIEF_PRICE,
  ONE_ORIGIN_FOR_A_MIXED_SUPPLY,
  GIVEN_TO_PEOPLE_UNKNOWINGLY,
  ANOTHERS_SUPPLY_TAKEN,
  SHOWN_TO_WHOEVER_CHECKS_AS_WHAT_IT_IS_NOT,
  RECORDED_WITHOUT_BEING_TOLD,
  THEIR_MONEY_KEPT,
  WHAT_BUYERS_READ_LEFT_AS_IT_WAS,
  LICENCE_AVOIDED_WHILE_WORK_GOES_ON,
  ONE_COST_CLAIMED_TWICE,
  DATED_TO_ANOTHER_TIME,
  PRESSED_BEFORE_THEY_CAN_THINK,
  CONSENT_SET_ASIDE,
  DECLARATION_MADE_FOR_THEM,
  EVIDENCE_BOUGHT_OFF,
  PROTECTED_WILDLIFE_HARMED,
  USED_SOLD_AS_NEW,
  PROTECTION_TAKEN_AWAY,
  SAFETY_CLAIMED_AGAINST_ITS_OWN_TERMS,
  CHECKS_RECORDED_NOT_MADE,
  ASSESSED_IN_ANOTHERS_PLACE,
  PAID_OUT_TO_COME_BACK,
  STATED_AGAINST_WHAT_IS_SO,
  // The most general, last: only what none of the narrower wrongs explains is given this reason.
  KEPT_FROM_THOSE_IT_AFFECTS,
];
