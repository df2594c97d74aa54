/**
 * Guild's fields of work for open-data skills, from the occupations that need them: an ESCO skill gets the fields of
 * the ISCO-08 groups of its occupations, an O*NET product or tool those of the SOC groups of the occupations that
 * list it. Both tables are matched by longest prefix, so a sub-major group can be refined by a minor or unit group
 * where it mixes fields (ISCO 24 "business and administration professionals" holds finance, HR and marketing).
 */

/** ISCO-08 group code (2 to 4 digits) → Guild fields. Every sub-major group (2 digits) has an entry. */
export const FIELDS_BY_ISCO: Readonly<Record<string, readonly string[]>> = {
  '01': ['security'], // commissioned armed forces officers
  '02': ['security'], // non-commissioned armed forces officers
  '03': ['security'], // armed forces occupations, other ranks
  '11': ['operations'], // chief executives, senior officials and legislators
  '111': ['public-sector'], // legislators and senior officials
  '12': ['operations'], // administrative and commercial managers
  '1211': ['finance'], // finance managers
  '1212': ['hr'], // human resource managers
  '122': ['marketing', 'sales'], // sales, marketing and development managers
  '1223': ['research'], // research and development managers
  '13': ['operations'], // production and specialised services managers
  '131': ['agriculture'], // agricultural, forestry and fisheries production managers
  '1321': ['manufacturing'], // manufacturing managers
  '1322': ['engineering'], // mining managers
  '1323': ['construction'], // construction managers
  '1324': ['logistics'], // supply, distribution and related managers
  '133': ['software'], // ICT service managers
  '1341': ['social-care'], // child care services managers
  '1342': ['health'], // health services managers
  '1343': ['social-care'], // aged care services managers
  '1344': ['social-care'], // social welfare managers
  '1345': ['education'], // education managers
  '1346': ['finance'], // financial and insurance services branch managers
  '14': ['hospitality'], // hospitality, retail and other services managers
  '142': ['sales'], // retail and wholesale trade managers
  '21': ['engineering'], // science and engineering professionals
  '211': ['research'], // physical and earth science professionals
  '212': ['data'], // mathematicians, actuaries and statisticians
  '213': ['research'], // life science professionals
  '2132': ['agriculture'], // farming, forestry and fisheries advisers
  '2133': ['sustainability'], // environmental protection professionals
  '216': ['design'], // architects, planners, surveyors and designers
  '2161': ['construction'], // building architects
  '2162': ['construction'], // landscape architects
  '2164': ['public-sector'], // town and traffic planners
  '2165': ['engineering'], // cartographers and surveyors
  '22': ['health'], // health professionals
  '23': ['education'], // teaching professionals
  '24': ['operations'], // business and administration professionals
  '241': ['finance'], // finance professionals
  '2422': ['public-sector'], // policy administration professionals
  '2423': ['hr'], // personnel and careers professionals
  '2424': ['hr', 'education'], // training and staff development professionals
  '243': ['marketing'], // sales, marketing and public relations professionals
  '2432': ['communications'], // public relations professionals
  '2433': ['sales'], // technical and medical sales professionals
  '2434': ['sales'], // ICT sales professionals
  '25': ['software'], // information and communications technology professionals
  '2521': ['data'], // database designers and administrators
  '26': ['legal'], // legal, social and cultural professionals
  '262': ['research'], // librarians, archivists and curators
  '2631': ['finance'], // economists
  '2632': ['research'], // sociologists, anthropologists
  '2633': ['research'], // philosophers, historians and political scientists
  '2634': ['health'], // psychologists
  '2635': ['social-care'], // social work and counselling professionals
  '2636': ['social-care'], // religious professionals
  '264': ['communications'], // authors, journalists and linguists
  '265': ['arts'], // creative and performing artists
  '31': ['engineering'], // science and engineering associate professionals
  '3122': ['manufacturing'], // manufacturing supervisors
  '3123': ['construction'], // construction supervisors
  '313': ['manufacturing'], // process control technicians
  '314': ['research'], // life science technicians
  '3142': ['agriculture'], // agricultural technicians
  '3143': ['agriculture'], // forestry technicians
  '315': ['logistics'], // ship and aircraft controllers and technicians
  '32': ['health'], // health associate professionals
  '33': ['operations'], // business and administration associate professionals
  '331': ['finance'], // financial and mathematical associate professionals
  '332': ['sales'], // sales and purchasing agents and brokers
  '3331': ['logistics'], // clearing and forwarding agents
  '3332': ['hospitality'], // conference and event planners
  '3333': ['hr'], // employment agents and contractors
  '3334': ['sales'], // real estate agents and property managers
  '3342': ['legal'], // legal secretaries
  '3344': ['health'], // medical secretaries
  '335': ['public-sector'], // regulatory government associate professionals
  '34': ['social-care'], // legal, social, cultural and related associate professionals
  '3411': ['legal'], // legal and related associate professionals
  '342': ['health'], // sports and fitness workers
  '343': ['arts'], // artistic, cultural and culinary associate professionals
  '3432': ['design'], // interior designers and decorators
  '3434': ['hospitality'], // chefs
  '35': ['software'], // information and communications technicians
  '352': ['communications'], // telecommunications and broadcasting technicians
  '41': ['operations'], // general and keyboard clerks
  '42': ['operations'], // customer services clerks
  '421': ['finance'], // tellers, money collectors
  '4221': ['hospitality'], // travel consultants and clerks
  '4224': ['hospitality'], // hotel receptionists
  '43': ['finance'], // numerical and material recording clerks
  '432': ['logistics'], // material-recording and transport clerks
  '44': ['operations'], // other clerical support workers
  '51': ['hospitality'], // personal service workers
  '52': ['sales'], // sales workers
  '53': ['social-care'], // personal care workers
  '532': ['health'], // personal care workers in health services
  '54': ['security'], // protective services workers
  '61': ['agriculture'], // market-oriented skilled agricultural workers
  '62': ['agriculture'], // market-oriented skilled forestry, fishery and hunting workers
  '63': ['agriculture'], // subsistence farmers, fishers, hunters and gatherers
  '71': ['construction', 'trades'], // building and related trades workers
  '72': ['trades', 'manufacturing'], // metal, machinery and related trades workers
  '73': ['trades'], // handicraft and printing workers
  '74': ['trades'], // electrical and electronic trades workers
  '75': ['manufacturing', 'trades'], // food processing, wood working, garment and other craft
  '751': ['hospitality', 'manufacturing'], // food processing and related trades workers (bakers, butchers)
  '81': ['manufacturing'], // stationary plant and machine operators
  '82': ['manufacturing'], // assemblers
  '83': ['logistics'], // drivers and mobile plant operators
  '834': ['construction'], // mobile plant operators
  '91': ['hospitality'], // cleaners and helpers
  '92': ['agriculture'], // agricultural, forestry and fishery labourers
  '93': ['construction'], // labourers in mining, construction, manufacturing and transport
  '932': ['manufacturing'], // manufacturing labourers
  '933': ['logistics'], // transport and storage labourers
  '94': ['hospitality'], // food preparation assistants
  '95': ['sales'], // street and related sales and service workers
  '96': ['operations'], // refuse workers and other elementary workers
};

/** O*NET-SOC code prefix ("15-2" or "15") → Guild fields. Every SOC major group has an entry. */
export const FIELDS_BY_SOC: Readonly<Record<string, readonly string[]>> = {
  '11': ['operations'], // management
  '11-2': ['marketing', 'sales'], // advertising, marketing, promotions, public relations and sales managers
  '11-3121': ['hr'], // human resources managers
  '11-3031': ['finance'], // financial managers
  '13': ['finance'], // business and financial operations
  '13-1': ['operations'], // business operations specialists
  '13-107': ['hr'], // human resources workers
  '15': ['software'], // computer and mathematical
  '15-2': ['data'], // mathematical science
  '17': ['engineering'], // architecture and engineering
  '17-1': ['construction'], // architects, surveyors and cartographers
  '19': ['research'], // life, physical and social science
  '21': ['social-care'], // community and social service
  '23': ['legal'], // legal
  '25': ['education'], // educational instruction and library
  '27': ['arts'], // arts, design, entertainment, sports and media
  '27-1': ['design'], // art and design workers
  '27-3': ['communications'], // media and communication workers
  '29': ['health'], // healthcare practitioners and technical
  '31': ['health'], // healthcare support
  '33': ['security'], // protective service
  '35': ['hospitality'], // food preparation and serving
  '37': ['hospitality'], // building and grounds cleaning and maintenance
  '39': ['social-care'], // personal care and service
  '41': ['sales'], // sales and related
  '43': ['operations'], // office and administrative support
  '45': ['agriculture'], // farming, fishing and forestry
  '47': ['construction'], // construction and extraction
  '49': ['trades'], // installation, maintenance and repair
  '51': ['manufacturing'], // production
  '53': ['logistics'], // transportation and material moving
  '55': ['security'], // military specific
};

/** The fields of the longest prefix of `code` in `table` ("2512" → the entry for "25"). */
export function fieldsByPrefix(table: Readonly<Record<string, readonly string[]>>, code: string): readonly string[] {
  for (let length = code.length; length > 0; length--) {
    const fields = table[code.slice(0, length)];
    if (fields) return fields;
  }
  return [];
}

/** A skill's fields: the strongest field plus those at least this share of it. */
const SECONDARY_FIELD_SHARE = 0.5;
const MAX_FIELDS = 3;
/**
 * A skill whose strongest field holds less than this share of all its weight is needed all over (customer service,
 * health and safety): it gets "general" rather than an arbitrary pick.
 */
const MIN_TOP_FIELD_SHARE = 0.2;

/** Adds the fields of one occupation that needs a skill; an occupation's weight is split between its fields. */
export function addFieldWeight(weights: Map<string, number>, fields: readonly string[], weight: number): void {
  for (const field of fields) weights.set(field, (weights.get(field) ?? 0) + weight / fields.length);
}

/** The fields a skill gets from the weighted fields of the occupations that need it. */
export function fieldsFromWeights(weights: ReadonlyMap<string, number>): string[] {
  const ranked = [...weights].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const total = ranked.reduce((sum, [, weight]) => sum + weight, 0);
  if (ranked.length === 0 || ranked[0][1] < MIN_TOP_FIELD_SHARE * total) return ['general'];
  const top = ranked[0][1];
  return ranked
    .filter(([, weight]) => weight >= SECONDARY_FIELD_SHARE * top)
    .slice(0, MAX_FIELDS)
    .map(([field]) => field);
}
