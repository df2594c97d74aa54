/**
 * Word lists that tell the parts of a CV line apart: a job title names a role, an employer carries a legal form or
 * a kind of organisation, a school is a university, college or school. Whole words, case-insensitive.
 */
function words(list: string): RegExp {
  return new RegExp(`(?<![\\p{L}])(?:${list})(?![\\p{L}])`, 'iu');
}

/** Names of roles, singular: "Senior Nurse" names the person's own; "nurses" (plural) names other people. */
const ROLES =
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
  'sre|devops|' +
  // Trades, care, hospitality, public service and the professions, whose titles name no "engineer" or "manager".
  'welder|fabricator|plumber|carpenter|joiner|bricklayer|plasterer|roofer|glazier|tiler|decorator|fitter|' +
  'machinist|millwright|foreman|forewoman|labourer|laborer|operative|installer|driver|courier|dispatcher|' +
  'porter|housekeeper|barista|bartender|sommelier|baker|pastry chef|butcher|kitchen porter|host|hostess|' +
  'concierge|steward|stewardess|cabin crew|surgeon|dentist|hygienist|optometrist|optician|radiographer|' +
  'sonographer|physiotherapist|physio|anaesthetist|anesthetist|phlebotomist|dietitian|nutritionist|' +
  'psychologist|psychiatrist|counsellor|counselor|social worker|healthcare assistant|care assistant|' +
  'support worker|veterinarian|vet|barrister|judge|notary|magistrate|underwriter|actuary|broker|trader|' +
  'banker|teller|economist|statistician|curator|archivist|conservator|musician|composer|performer|actor|' +
  'dancer|choreographer|stylist|hairdresser|barber|beautician|tailor|florist|gardener|landscaper|farmer|' +
  'agronomist|forester|cleaner|caretaker|warehouse operative|picker|packer|estimator|scheduler|' +
  'draughtsman|draftsman|drafter|geologist|chemist|biologist|physicist|pharmacologist|epidemiologist|' +
  'teaching assistant|nanny|childminder|educator|headteacher|principal|dean|firefighter|paramedic|' +
  'constable|sergeant|detective|soldier|guard|security officer|pilot|captain|sailor|seafarer';

export const ROLE_WORDS = words(ROLES);
/** A word that ends on a role, compounds included ("lifeguard", "firefighter"). */
export const ROLE_AT_END = new RegExp(`(?:${ROLES})$`, 'iu');
/** A word or phrase that ends on a role in the plural ("product managers", "nurses"). */
export const ROLES_PLURAL_AT_END = new RegExp(`(?<![\\p{L}])(?:${ROLES})(?:s|es)$`, 'iu');

export const ORGANISATION_WORDS = words(
  'ltd|ltd\\.|limited|llc|llp|inc|inc\\.|plc|corp|corporation|co\\.|company|gmbh|ag|kg|s\\.a\\.|sas|' +
    's\\.l\\.|spa|s\\.p\\.a\\.|bv|b\\.v\\.|nv|ab|oy|aps|pty|pvt|sp\\. z o\\.o\\.|group|holding|' +
    'holdings|bank|banco|hospital|clinic|health|trust|university|college|school|academy|institute|' +
    'federation|council|ministry|department|agency|agence|studio|studios|labs|services|solutions|' +
    'systems|technologies|technology|software|consulting|partners|associates|foundation|ngo|analytics|' +
    'insurance|retail|manufacturing|logistics|' +
    // Employers outside offices: the health service, councils, kitchens, sites and farms.
    'nhs|practice|pharmacy|care home|nursing home|hospice|surgery|restaurant|hotel|café|cafe|bakery|bistro|' +
    'brasserie|kitchen|catering|resort|construction|contractors|builders|engineering|electrical|plumbing|' +
    'chambers|firm|charity|police|army|navy|air force|fire service|airport|airlines|airways|farm|estate|' +
    'workshop|garage|factory|plant|mill|port|railway|rail|transport|haulage|freight',
);

/**
 * Industries, which a CV names as where the person worked or whom they served ("7 years in FMCG manufacturing and
 * logistics", "employer clients (manufacturing, healthcare, retail)") far more often than as a skill. The whole of a
 * skill's written name, case-insensitive.
 */
export const INDUSTRY_NAME = new RegExp(
  '^(?:manufacturing|food manufacturing|food production|warehousing|logistics|hospitality|retail|e-?commerce|' +
    'fintech|insurance|banking|healthcare|health care|' +
    'construction|pharma|pharmaceuticals?|fmcg|automotive|aerospace|energy|utilities|telecoms?|telecommunications|' +
    'financial services|real estate|property|media|publishing|agriculture|tourism|travel|gaming|saas|public sector|' +
    'defen[cs]e|oil and gas|mining|transport|shipping|fashion|food and beverage|non-?profit|charity|education)$',
  'iu',
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
export const SENIOR_TITLE = words(
  // "Staff" makes an engineer senior, not a nurse ("Staff Nurse" is a first post).
  'senior|sr\\.?|lead|staff (?:software |data |machine learning |product )?(?:engineer|scientist|designer|developer)|' +
    'principal|head|chief|architect|director|foreman|forewoman|charge nurse|ward manager|' +
    'site manager|master electrician|master plumber|master craftsman',
);
export const JUNIOR_TITLE = words(
  'junior|jr\\.?|graduate|entry[- ]level|trainee|apprentice|commis|newly qualified|nqt|probationary',
);
export const STUDENT_TITLE = words('intern|internship|student|working student|werkstudent|trainee|apprentice');
