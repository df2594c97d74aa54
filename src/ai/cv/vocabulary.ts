/**
 * Word lists that tell the parts of a CV line apart: a job title names a role, an employer carries a legal form or
 * a kind of organisation, a school is a university, college or school. Whole words, case-insensitive.
 */
function words(list: string): RegExp {
  return new RegExp(`(?<![\\p{L}])(?:${list})(?![\\p{L}])`, 'iu');
}

export const ROLE_WORDS = words(
  'engineer|developer|programmer|architect|designer|manager|director|lead|head|chief|officer|' +
    'analyst|scientist|consultant|specialist|administrator|coordinator|assistant|intern|internship|' +
    'trainee|apprentice|nurse|teacher|lecturer|professor|tutor|instructor|accountant|auditor|' +
    'controller|bookkeeper|marketer|translator|interpreter|writer|editor|copywriter|supervisor|' +
    'technician|researcher|founder|co-founder|owner|partner|president|vp|ceo|cto|cfo|coo|executive|' +
    'representative|agent|clerk|advisor|adviser|recruiter|physician|doctor|therapist|pharmacist|' +
    'midwife|paramedic|scrum master|product owner|freelancer|freelance|contractor|associate|' +
    'strategist|planner|operator|mechanic|electrician|chef|cook|waiter|cashier|receptionist|secretary|' +
    'librarian|photographer|illustrator|animator|artist|journalist|producer|buyer|sales|surveyor|' +
    'inspector|lawyer|solicitor|paralegal|attorney|caregiver|carer|worker|volunteer|fellow|postdoc|' +
    'sre|devops',
);

export const ORGANISATION_WORDS = words(
  'ltd|ltd\\.|limited|llc|llp|inc|inc\\.|plc|corp|corporation|co\\.|company|gmbh|ag|kg|s\\.a\\.|sas|' +
    's\\.l\\.|spa|s\\.p\\.a\\.|bv|b\\.v\\.|nv|ab|oy|aps|pty|pvt|sp\\. z o\\.o\\.|group|holding|' +
    'holdings|bank|banco|hospital|clinic|health|trust|university|college|school|academy|institute|' +
    'federation|council|ministry|department|agency|agence|studio|studios|labs|services|solutions|' +
    'systems|technologies|technology|software|consulting|partners|associates|foundation|ngo|analytics|' +
    'insurance|retail|manufacturing|logistics',
);

export const SCHOOL_WORDS = words(
  'university|universität|universidad|universidade|università|université|universitat|universiteit|' +
    'uniwersytet|college|institute|institut|instituto|school|academy|polytechnic|politécnica|' +
    'politècnica|politecnico|hochschule|conservatory|école|escuela',
);

export const FREELANCE_WORDS = words('freelance|freelancer|self-employed|independent|contractor');

/** Titles that say where a career stands, strongest first. */
export const TOP_TITLE = words(
  'principal|chief|distinguished|head of|director|vice president|vp|cto|ceo|cfo|coo|partner|fellow',
);
export const SENIOR_TITLE = words('senior|sr\\.?|lead|staff|principal|head|chief|architect|director');
export const JUNIOR_TITLE = words('junior|jr\\.?|graduate|entry[- ]level|trainee|apprentice');
export const STUDENT_TITLE = words('intern|internship|student|working student|werkstudent|trainee|apprentice');
