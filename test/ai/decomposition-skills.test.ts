import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findInOtherWords } from '../../src/ai/decomposition/skill-phrases.ts';
import { mainSkills, requiredSkills, type SkillContext } from '../../src/ai/decomposition/task-skills.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

const taxonomy = loadTaxonomy();
const context = (fallbackAreas: string[] = []): SkillContext => ({
  taxonomy,
  background: [],
  fallback: fallbackAreas.map((id) => taxonomy.area(id)!),
});
const names = (piece: string, title: string, ctx = context()) =>
  requiredSkills(piece, title, ctx).map((skill) => skill.name);

/** Which skills a task asks for, and which it leaves out because they would be guesses. */
describe('decomposition: the skills a task needs', () => {
  it('names a supporting piece of work (a report, a budget) only for a task that names no skill of its own', () => {
    const surveyed = names(
      'Carry out a thermographic survey of the roof in Python and write a report',
      'Survey the roof',
    );
    assert.ok(surveyed.includes('Python'), surveyed.join(', '));
    assert.ok(!surveyed.includes('Report writing'), surveyed.join(', '));
    assert.ok(names('Write a short report for the trustees', 'Write a report').includes('Report writing'));
  });

  it('keeps supporting work for a task whose kind of work says nothing else, unless it is what the task makes', () => {
    const audit = names('write an audit report with findings rated by risk', 'Write an audit report');
    assert.ok(audit.includes('Auditing') && !audit.includes('Report writing'), audit.join(', '));
    const budget = names(
      'A three-year budget with full cost recovery, including staff and evaluation.',
      'Prepare a three-year budget with full cost recovery',
    );
    assert.ok(budget.includes('Budgeting'), budget.join(', '));
  });

  it("gives a piece that names no work the skill the brief names most, before an area's usual skill", () => {
    const ctx: SkillContext = {
      ...context(['events']),
      briefSkills: mainSkills(
        taxonomy,
        'Rewiring our community hall',
        'We need a qualified electrician for electrical installation work and a new consumer unit.',
      ),
    };
    const skills = names('Please quote as registered contractors', 'Quote as registered contractors', ctx);
    assert.deepEqual(skills, ['Electrical installation']);
  });

  it("gives a piece that names only side work the brief's main skill first, and keeps the side work", () => {
    const ctx: SkillContext = {
      ...context(),
      briefSkills: mainSkills(taxonomy, 'Shift booking web app in React', 'A web application built with React.'),
    };
    const piece = 'volunteers can book and cancel shifts';
    const skills = requiredSkills(piece, 'Let volunteers book and cancel shifts', ctx);
    assert.deepEqual(
      skills.map((skill) => [skill.name, skill.core]),
      [
        ['React', true],
        ['Scheduling & rostering', true],
      ],
    );
    assert.deepEqual(names(piece, 'Let volunteers book and cancel shifts'), ['Scheduling & rostering']);
  });

  it('marks a soft skill as supporting and the work itself as core', () => {
    const skills = requiredSkills(
      'Train the shift leaders in leadership on the new layout',
      'Train the shift leaders',
      context(),
    );
    const core = Object.fromEntries(skills.map((skill) => [skill.name, skill.core]));
    assert.equal(core.Leadership, false, JSON.stringify(skills));
    assert.equal(core['Training delivery'], true, JSON.stringify(skills));
  });

  it("adds no area's stand-in skill beside a skill the piece names", () => {
    const skills = names('Build the booking API in Django with a PostgreSQL database', 'Build the booking API');
    assert.ok(skills.includes('Django') && skills.includes('PostgreSQL'), skills.join(', '));
    for (const skill of requiredSkills(
      'Build the booking API in Django with a PostgreSQL database',
      'Build',
      context(),
    ))
      assert.match(skill.reason, /Named in the brief|asks for it/, `${skill.name}: ${skill.reason}`);
  });

  it('takes a language named in passing for no skill, but keeps it in work done between languages', () => {
    const leaflet = names('Rewrite the leaflet in plain English for parents', 'Rewrite the leaflet');
    assert.ok(!leaflet.includes('English'), leaflet.join(', '));
    const translation = names('Translate the leaflet into Polish and Romanian', 'Translate the leaflet');
    assert.ok(translation.includes('Polish') && translation.includes('Romanian'), translation.join(', '));
    const inTranslationBrief = names(
      'Most readers read Polish better than English',
      'Reach readers',
      context(['translation']),
    );
    assert.ok(inTranslationBrief.includes('Polish'), inTranslationBrief.join(', '));
  });

  it("takes the tools the brief names for its kind of work when the piece's own words name no kind of work", () => {
    const ctx: SkillContext = {
      taxonomy,
      background: ['We are happy for this to be done in Python, with pandas and scikit-learn.'],
      fallback: [taxonomy.area('data-science')!],
    };
    const skills = names('We want a model that predicts visits and stock needs per pantry', 'Build a model', ctx);
    assert.ok(skills.includes('Python'), skills.join(', '));
  });

  it("takes no skill of the client's own trade from the background, only its tools", () => {
    const ctx: SkillContext = {
      taxonomy,
      background: ['We are a physiotherapy practice with four clinics and we use Microsoft Excel.'],
      fallback: [taxonomy.area('health')!, taxonomy.area('analytics')!],
    };
    const piece = 'Analyse two years of our appointment data to find which clinics have the highest no-show rates';
    const skills = names(piece, 'Analyse appointment data', ctx);
    assert.ok(!skills.includes('Physiotherapy'), skills.join(', '));
    assert.ok(skills.includes('Microsoft Excel'), skills.join(', '));
    // A tool named in work the client does itself is theirs, not the contributor's.
    const own = names(piece, 'Analyse appointment data', {
      ...ctx,
      background: ['Our own data officer will do the extracts in Microsoft Excel.'],
    });
    assert.ok(!own.includes('Microsoft Excel'), own.join(', '));
  });

  it('names the skill a kind of work needs, in the words briefs use for it', () => {
    const cases: [string, string][] = [
      ['a mutual non-disclosure agreement and terms for the supply of services', 'Contract drafting'],
      ['Migrate opening balances and transactions from the spreadsheets', 'Data migration'],
      ['using logistic regression on two years of appointments', 'Statistics'],
      ['write the findings up as a paper for a peer-reviewed journal', 'Academic writing'],
      ['cover art and episode notes for the podcast', 'Graphic design'],
      ['a PR push to home and lifestyle press', 'Public relations'],
    ];
    for (const [piece, skill] of cases) {
      const skills = names(piece, piece);
      assert.ok(skills.includes(skill), `${piece}: ${skills.join(', ')}`);
    }
    for (const [piece, skill] of [
      ['Review of backup and recovery: test a restore of the file server from backup', 'Backup & disaster recovery'],
      ['Review of user accounts, administrator rights and multi-factor authentication', 'Identity & access management'],
      [
        'rewrite our job adverts in plain language and check them for biased wording',
        'Diversity, equity and inclusion',
      ],
      ['A building fabric survey: walls, roof and windows', 'Building surveying'],
      ['Reconcile the three bank accounts up to the migration date', 'Account reconciliation'],
      ['Usability sessions with five tenants who use assistive technology', 'Usability testing'],
      ['a three-month pilot at two clinics, compared with two clinics without them', 'Experimental design'],
      ['a reading-at-home pack for parents, in English, Polish and Urdu', 'Translation'],
      ['Arabic pages need right-to-left layout on our WordPress site', 'Localization'],
      ['a hazard analysis identifying the critical control points', 'HACCP'],
      ['making good the plaster and decoration afterwards', 'Plastering'],
      ['a churn model that scores every member each week', 'Machine learning'],
      ['replacing the boiler with air-source heat pumps', 'HVAC'],
      ['weekly performance reporting (subscriptions, cost per acquisition)', 'Marketing analytics'],
    ]) {
      const skills = names(piece, piece);
      assert.ok(skills.includes(skill), `${piece}: ${skills.join(', ')}`);
    }
    // A survey of a building is no questionnaire.
    assert.ok(
      !names('A building fabric survey of the walls', 'Run a building fabric survey').includes('Survey design'),
    );
    // A grant a charity already holds is no grant application.
    assert.ok(!names('tracking categories for each grant', 'Set up tracking').includes('Grant writing'));
  });

  it('names the skill of whoever makes the thing a piece asks for, by the object of the work', () => {
    for (const [piece, skill] of [
      ['organise a street festival with a parade and two music stages', 'Risk management'],
      ['a street festival with a parade and two music stages', 'Event planning'],
      ['a professional live recording of the concert, mixed and mastered', 'Sound engineering'],
      ['a professional live recording of the concert, mixed and mastered', 'Audio Mastering'],
      ['job adverts and a careers page', 'Copywriting'],
      ['managing the building works over the winter', 'Construction management'],
      ['measured floor plans of the ground floor', 'CAD'],
      ['refurbish the changing rooms', 'Refurbishment'],
      ['a seasonal menu with allergen information', 'Menu development'],
      ['a touring exhibition about the mill', 'Exhibition curation'],
      ['product photos for every listing', 'Photography'],
      ['an illustrated map of the trail', 'Illustration'],
      ['a short animated explainer', 'Animation'],
      ['subtitles for the films', 'Subtitling'],
      ['two focus groups with parents', 'Qualitative research'],
      ['run the tender for the cleaning contract', 'Procurement'],
      ['a competitor analysis of local gyms', 'Market research'],
      ['rewrite our job adverts and shortlisting', 'Recruitment'],
      ['a staff induction pack', 'Onboarding'],
      ['recruit and train 40 volunteers for the weekend', 'Volunteer management'],
    ]) {
      const skills = requiredSkills(piece, piece, context());
      const found = skills.find((required) => required.name === skill);
      assert.ok(found, `${piece}: ${skills.map((required) => required.name).join(', ')}`);
      // A one-line reason that quotes the brief's words for the work.
      assert.match(found.reason, /^[^\n]{10,200}"[^"\n]+"[^\n]*$/, found.reason);
    }
    // Recording or advertising a concert is not organising one: no risk assessment for it.
    const recorded = names('a professional live recording of the concert', 'Record the concert');
    assert.ok(!recorded.includes('Risk management'), recorded.join(', '));
    // The place of the work, a fair share of it and a lean workshop are no event to organise.
    for (const piece of [
      'Measure noise levels inside the venue during two live gigs',
      'Balance the rounds so that each crew has a fair day from the depot',
      'run a kaizen event with the operators',
    ]) {
      const skills = names(piece, piece);
      assert.ok(!skills.includes('Event planning'), `${piece}: ${skills.join(', ')}`);
    }
    assert.ok(names('a stand at the county fair in June', 'Run a stand').includes('Event planning'));
    // Volunteers who support the work are no volunteer management.
    const supported = names('a practitioner, supported by one or two volunteers, to audit the clinic', 'Audit');
    assert.ok(!supported.includes('Volunteer management'), supported.join(', '));
  });

  it("gives a website or an app that names no framework the area's generic skill, not a guessed framework", () => {
    const software = context(['frontend', 'mobile']);
    const site = names(
      'a festival website with the programme and ticket links',
      'Build the festival website',
      software,
    );
    assert.ok(site.includes('Frontend development') && !site.includes('React'), site.join(', '));
    const app = names('a mobile app for plot holders', 'Build a mobile app', software);
    assert.ok(app.includes('Mobile development') && !app.includes('React Native'), app.join(', '));
    const named = names('a festival website built in React', 'Build the festival website');
    assert.ok(named.includes('React'), named.join(', '));
  });

  it('finds skills the piece names in other words: a verb and its object, another form of the words', () => {
    const literature = names('Review the literature on non-attendance in outpatient therapy.', 'Review the literature');
    assert.ok(literature.includes('Literature review'), literature.join(', '));
    const audio = names('edit and mix the audio with music we are allowed to use', 'Edit and mix the audio');
    assert.ok(audio.includes('Audio editing'), audio.join(', '));
    const scripts = names('write the scripts that link the archive clips', 'Write the scripts');
    assert.ok(scripts.includes('Scriptwriting'), scripts.join(', '));
    // Only a verb, or verbs sharing it, stand between a verb and its object: "design experience to assess" is no
    // Assessment design, nor are two nouns turned round another thing (a management team is no team management).
    const assess = names('someone with irrigation design experience to assess how much water we have', 'Assess');
    assert.ok(!assess.includes('Assessment design'), assess.join(', '));
    const team = names('a short presentation to the management team on what the model found', 'Present to the team');
    assert.ok(!team.includes('Team management'), team.join(', '));
    // A list of work often starts each item with the gerund: "designing the lighting" is Lighting design.
    const lighting = names('designing the lighting and running it during the shows', 'Design the lighting');
    assert.ok(lighting.includes('Lighting design'), lighting.join(', '));
    const costumes = names('designing and making costumes for the fairies', 'Design and make costumes');
    assert.ok(costumes.includes('Costume design'), costumes.join(', '));
  });

  it('adds no stand-in of an area outside software that the piece calls for only by whom the work is for', () => {
    // "training", "pupils", "patients" call for education or health, but the piece's own work is named.
    const training = names('training for our 30 kitchen staff on the new recipes', 'Train the kitchen staff');
    assert.ok(training.includes('Training delivery'), training.join(', '));
    assert.ok(!training.includes('Instructional design'), training.join(', '));
    const survey = names('a short survey of parents and pupils before and after the change', 'Survey parents');
    assert.ok(survey.includes('Survey design') && !survey.includes('Instructional design'), survey.join(', '));
    const carers = names('Train our senior carers to administer medicines safely', 'Train our senior carers');
    assert.ok(!carers.includes('Public health'), carers.join(', '));
    // A software component still gets its builder beside a named skill.
    const app = names(
      'a mobile app for plot holders that keeps its data in PostgreSQL',
      'Build a mobile app',
      context(['mobile']),
    );
    assert.ok(app.includes('PostgreSQL') && app.includes('Mobile development'), app.join(', '));
  });

  it('adds a technology builder only to a brief about technology, and any other area only by a phrase', () => {
    // A brief about a clinic's patient flow, a slurry store or a legacy campaign: "records", "infrastructure" and
    // "web pages" name no database, cloud or website to build there.
    const outside = context(['health', 'operations']);
    const records = names('Map the pathway with timings from our EMIS records', 'Map the pathway', outside);
    assert.ok(!records.includes('PostgreSQL') && !records.includes('Data modelling'), records.join(', '));
    const grant = names('Apply for the Slurry Infrastructure grant', 'Apply for the grant', outside);
    assert.ok(!grant.includes('Docker'), grant.join(', '));
    const pages = names('write the legacy guide and the web pages', 'Write the guide', context(['fundraising']));
    assert.ok(!pages.includes('Frontend development'), pages.join(', '));
    // In a brief about software the same words still call for their builder.
    const app = names(
      'a central database of volunteers and their shifts',
      'Build the database',
      context(['databases']),
    );
    assert.ok(app.includes('PostgreSQL'), app.join(', '));
    // One word of an area is whom the work is for ("patients"), not the kind of work; a phrase is a kind of work.
    const patients = names(
      'a programme for patients waiting for a new hip',
      'Plan a programme',
      context(['operations']),
    );
    assert.ok(!patients.includes('Public health'), patients.join(', '));
    const pupils = names('a new timetable for the pupils of Year 7', 'Build a timetable', context(['operations']));
    assert.ok(!pupils.includes('Instructional design'), pupils.join(', '));
    const pathway = names('cut the waiting times on Mondays', 'Cut the waits', context(['operations']));
    assert.ok(pathway.includes('Process improvement'), pathway.join(', '));
  });

  it('takes rewriting for the work on what is rewritten, and photographs the work uses for no photography', () => {
    const policy = names('Rewrite our medicines policy under the Mental Capacity Act', 'Rewrite our medicines policy');
    assert.ok(policy.includes('Policy drafting') && !policy.includes('Copywriting'), policy.join(', '));
    const letter = names('Rewrite the letter we send to new members', 'Rewrite the letter');
    assert.ok(letter.includes('Copywriting'), letter.join(', '));
    for (const piece of [
      'recording oral history interviews with older residents about the photographs',
      'A printed programme with the history of the choir and photographs from our archive',
      'A principal inspection with photographs and a condition report',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(!skills.includes('Photography'), `${piece}: ${skills.join(', ')}`);
    }
    assert.ok(names('new photos of every room for the website', 'Take photos').includes('Photography'));
  });

  it('does not make the trade of someone the work is handed to a skill of the task', () => {
    // "ready for the sign maker" is the audience of a design deliverable, not signmaking work.
    const sign = names(
      'the shop front sign and window graphics, ready for the sign maker;',
      'the shop front sign and window graphics, ready for the sign maker',
    );
    assert.ok(!sign.includes('Signmaking') && sign.includes('Graphic design'), sign.join(', '));
    const fitted = names('Fit the vinyl lettering to the shop window', 'Fit the vinyl lettering');
    assert.ok(fitted.includes('Vinyl graphics application'), fitted.join(', '));
  });

  it('reads an audit, a survey or a schedule named by what it is of as that work, not as the generic kind', () => {
    for (const [piece, generic] of [
      ['A lift safety audit of the three goods lifts, with a list of defects.', 'Auditing'],
      ['An energy audit of the depot with the savings of each measure.', 'Auditing'],
      ['A hedgerow survey along the northern boundary, mapping gaps.', 'Survey design'],
      ['A cleaning schedule for the kitchen equipment.', 'Scheduling & rostering'],
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(!skills.includes(generic), `${piece}: ${skills.join(', ')}`);
    }
    // Alone, or named by whom it asks, it is the generic kind.
    assert.ok(names('An audit of our supplier invoices for the last year.', 'Do it').includes('Auditing'));
    assert.ok(names('A short survey of parents before and after.', 'Do it').includes('Survey design'));
    assert.ok(names('A customer survey after every delivery.', 'Do it').includes('Survey design'));
    assert.ok(names('A schedule of the weekend shifts.', 'Do it').includes('Scheduling & rostering'));
  });

  it('names no skill for the language the brief is read in, even in work between languages; those worked into, yes', () => {
    const subtitled = names('Subtitles for the film in English, Welsh and Polish.', 'Subtitle the film');
    assert.ok(subtitled.includes('Welsh') && subtitled.includes('Polish'), subtitled.join(', '));
    assert.ok(!subtitled.includes('English'), subtitled.join(', '));
    const leaflet = names('A leaflet for tenants in plain English, translated into Somali.', 'Write a leaflet');
    assert.ok(leaflet.includes('Translation') && !leaflet.includes('English'), leaflet.join(', '));
  });

  it('staffs no area from its weak words alone, and records kept in any trade call for no database', () => {
    const ctx = context(['operations', 'databases']);
    const rails = names('Walk the track and measure the wear on every rail, with a report of the trends.', 'Walk', ctx);
    assert.ok(!rails.includes('Data analysis'), rails.join(', '));
    const posts = names('Share posts with the community and its followers.', 'Share posts', ctx);
    assert.ok(!posts.includes('Social media marketing'), posts.join(', '));
    const lifts = names('Keep the inspection records for the lifts in one place.', 'Keep the records', ctx);
    assert.ok(!lifts.includes('PostgreSQL'), lifts.join(', '));
    // A strong trigger still calls for the area's builder.
    const database = names('A central database of the lifts and their inspections.', 'Build a database', ctx);
    assert.ok(database.includes('PostgreSQL'), database.join(', '));
  });

  it('asks for data analysis beside the trade when the task studies a span of recorded data, not for its analysts', () => {
    for (const piece of [
      'Analyse twelve months of order lines from our warehouse management system and classify SKUs by pick frequency.',
      'Please audit six months of click data and identify suspicious patterns by placement in Google Ads.',
      'Analyse our supporter database to find the people most likely to leave a gift, and interview pledgers.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Data analysis'), `${piece}: ${skills.join(', ')}`);
    }
    const trained = names('Training for our analysts on the new procedures and on keeping records.', 'Train');
    assert.ok(!trained.includes('Data analysis'), trained.join(', '));
    // An analysis of something other than data stays side work beside what the piece names.
    const site = names('A structural analysis of the footbridge with a condition survey.', 'Survey the bridge');
    assert.ok(!site.includes('Data analysis'), site.join(', '));
  });

  it('takes drawings a piece asks for as drawings to scale, not pictures by or of people', () => {
    for (const piece of [
      'Repair drawings and a specification that a local contractor can price.',
      'A steel store that meets the regulations, with drawings for the planning application.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('CAD'), `${piece}: ${skills.join(', ')}`);
    }
    for (const piece of [
      "Scan the children's drawings for the anniversary book.",
      'An exhibition of drawings by local artists in the library.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(!skills.includes('CAD'), `${piece}: ${skills.join(', ')}`);
    }
  });

  it("staffs a building or a space to be designed, or an architect's work, with architectural design", () => {
    for (const piece of [
      "Stage 1: an architect's design with floor plans and a planning application.",
      'Design the conversion of a former garage into a meeting room with a kitchen.',
      'Design: an enlarged walk-through aviary with heated indoor shelters and visitor barriers.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Architectural design'), `${piece}: ${skills.join(', ')}`);
    }
    for (const piece of [
      'A solutions architect to design the data platform on AWS.',
      'Designing and building a forest set for the stage, with scale drawings.',
      'Design the exhibition layout, cases and graphics.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(!skills.includes('Architectural design'), `${piece}: ${skills.join(', ')}`);
    }
  });

  it('asks for pricing strategy when the work sets what the client charges, not what it pays', () => {
    for (const piece of [
      'Advise on new menu prices and how to present them on the printed menu.',
      'Pricing: a review of admission prices, annual membership and group rates.',
      'Launch: a price list benchmarked against local clinics.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Pricing strategy'), `${piece}: ${skills.join(', ')}`);
    }
    for (const piece of [
      "Review our two main suppliers' prices and negotiate better terms.",
      'Specify the insulation works and get prices from contractors.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(!skills.includes('Pricing strategy'), `${piece}: ${skills.join(', ')}`);
    }
  });

  it('reads options weighed by running costs and payback as cost-benefit analysis, not a budget', () => {
    for (const piece of [
      'Compare frost candles, wind machines and sprinklers for our slopes, with their running costs.',
      'Options for a pool cover and heat recovery, with costs and payback.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(
        skills.includes('Cost-benefit analysis') && !skills.includes('Budgeting'),
        `${piece}: ${skills.join(', ')}`,
      );
    }
    const budget = names('A three-year budget for the project, with staff costs.', 'Prepare a three-year budget');
    assert.ok(!budget.includes('Cost-benefit analysis'), budget.join(', '));
  });

  it("reads stock as goods held, not the verb nor a landlord's homes", () => {
    const held = names('Reconcile production with the stock in our bonded warehouse.', 'Do it');
    assert.ok(held.includes('Inventory management'), held.join(', '));
    for (const piece of [
      'A department store wants to stock us next year if we show evidence of ethical sourcing.',
      'Bring together our repairs history and stock condition data to find the homes most at risk.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(!skills.includes('Inventory management'), `${piece}: ${skills.join(', ')}`);
    }
  });

  it("reads a piece's opening label as the name of its work, not as a tool of that name", () => {
    const priced = names('Pricing: a new price list for short runs that reflects the click charges.', 'Do it');
    assert.ok(!priced.includes('Pricing') && priced.includes('Pricing strategy'), priced.join(', '));
    const books = names('Accounts: move our books from spreadsheets to Xero.', 'Do it');
    assert.ok(books.includes('Xero'), books.join(', '));
  });

  it('reads a survey as a questionnaire only where it asks people: whom it asks, or their answers', () => {
    for (const piece of [
      'A short survey of parents and pupils before and after the change.',
      'Analysis of the survey responses and a summary for the board.',
      'Consult on the options through drop-in sessions and an online questionnaire.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Survey design'), `${piece}: ${skills.join(', ')}`);
    }
    for (const piece of [
      'Damp and mould surveys of the 200 highest-risk homes, with the cause of each case.',
      "Survey the outdoor arena's drainage and design a new drainage layer.",
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(!skills.includes('Survey design'), `${piece}: ${skills.join(', ')}`);
    }
  });

  it('reads buying named by its verb as procurement: sourcing, asking suppliers for prices, buying in', () => {
    for (const piece of [
      'Fit out the shop and source a display fridge with a temperature logger.',
      'Specify the insulation works and get prices from three contractors.',
      'Buy in the training materials we need for the new course.',
      'Find new suppliers for our packaging and compare their lead times.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Procurement'), `${piece}: ${skills.join(', ')}`);
    }
    for (const piece of [
      'Find the source of the damp in the north wall.',
      'Publish the source code of the app under an open licence.',
      'Advise on new menu prices and how to present them.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(!skills.includes('Procurement'), `${piece}: ${skills.join(', ')}`);
    }
  });

  it("takes a course or a session given to the client's people for training", () => {
    for (const piece of [
      'A half-day course for our repairs staff on spotting and recording damp.',
      'A two-hour session for our senior carers on the new care plans.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Training delivery'), `${piece}: ${skills.join(', ')}`);
    }
    const golf = names('Book a course for the members to play on in May.', 'Book a course');
    assert.ok(!golf.includes('Training delivery'), golf.join(', '));
  });

  it('takes documenting the work as technical writing, a side of a task that names other work', () => {
    const handover = names('Documentation of the pipeline and a handover session for our finance analyst.', 'Do it');
    assert.ok(handover.includes('Technical writing'), handover.join(', '));
    const built = names('Build the booking API in Python, with documentation.', 'Build the API');
    assert.ok(built.includes('Python') && !built.includes('Technical writing'), built.join(', '));
  });

  it('leaves out a skill named only as whom the work is for or with, unless the brief asks for that person', () => {
    for (const [piece, skill] of [
      ['Run two training sessions for branch managers and the sales team.', 'Sales'],
      ['Train six of our team leaders as racking safety inspectors.', 'Leadership'],
      ['Refresh the templates, ideally with a trainee or paralegal helping.', 'Paralegal'],
      ['Design the service model and the referral criteria with the district nurses.', 'District nursing'],
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(!skills.includes(skill), `${piece}: ${skills.join(', ')}`);
    }
    // Work done to people is work; a person the brief asks for, or who is to do the work, is the trade it needs.
    const trained = names('Train our team on the new procedures.', 'Train our team');
    assert.ok(trained.includes('Staff training'), trained.join(', '));
    const adviser = names('A radiation protection adviser to carry out a risk assessment for the room.', 'Do it');
    assert.ok(adviser.includes('Radiation safety certificate'), adviser.join(', '));
    const engineer = names('We need a chartered structural engineer to inspect the bridge.', 'Inspect the bridge');
    assert.ok(
      engineer.some((name) => /engineer/i.test(name)),
      engineer.join(', '),
    );
    // A list item that opens with the person is a role the list asks for, even when the list runs on in one sentence.
    const listed = mainSkills(
      taxonomy,
      'Help for our spring production',
      'We need help with: painting the set; designing the costumes; a stage manager for the get-in and the shows.',
    );
    assert.ok(
      listed.some((skill) => skill.name === 'Stage management'),
      listed.map((skill) => skill.name).join(', '),
    );
  });

  it("reads consent as research ethics only in research, not a patient's consent form or listed building consent", () => {
    const study = names('Recruit 20 participants who give informed written consent and run a diary study.', 'Do it');
    assert.ok(study.includes('Research ethics'), study.join(', '));
    for (const piece of [
      'A consent form and an information leaflet that parents will understand.',
      'Apply for listed building consent for the roof repairs.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(!skills.includes('Research ethics'), `${piece}: ${skills.join(', ')}`);
    }
  });

  it('reads shifts as a rota to organise, not as when work happens or whose people they are', () => {
    const rota = names('Volunteers can book and cancel shifts.', 'Let volunteers book shifts');
    assert.ok(rota.includes('Scheduling & rostering'), rota.join(', '));
    for (const piece of [
      'A silica monitoring round on both shifts.',
      'We have 120 hourly staff across shifts.',
      'Train the shift leaders on the new layout.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(!skills.includes('Scheduling & rostering'), `${piece}: ${skills.join(', ')}`);
    }
  });

  it('reads a campaign named by what it is for as that work, not campaign management', () => {
    const fundraising = names('A fundraising campaign among listeners and local businesses.', 'Run a campaign');
    assert.ok(!fundraising.includes('Campaign management'), fundraising.join(', '));
    assert.ok(fundraising.includes('Fundraising'), fundraising.join(', '));
    const plain = names('Plan and run a campaign telling owners about the new service.', 'Run a campaign');
    assert.ok(plain.includes('Campaign management'), plain.join(', '));
  });

  // docs/quality.md, "Task skills named in other words (2026-11-27 afternoon; issue 8 item 3; branch `task-skills-5`)".
  it('reads an audit of what care achieved as clinical audit in a health brief, and not an audit trail or one to pass', () => {
    const health = context(['health', 'research']);
    for (const piece of [
      'Finally we would like to audit the outcomes after the first year.',
      'An audit six months after launch comparing referral times and ulcer numbers with the baseline.',
    ]) {
      const skills = names(piece, 'Do it', health);
      assert.ok(skills.includes('Clinical audit') && !skills.includes('Auditing'), `${piece}: ${skills.join(', ')}`);
    }
    // Outside a health brief the same words are an audit; an audit of a thing is one anywhere.
    assert.ok(names('Audit the outcomes after the first year.', 'Do it', context(['finance'])).includes('Auditing'));
    assert.ok(names('Audit the decontamination room.', 'Do it', health).includes('Auditing'));
    for (const piece of [
      'An audit trail our export compliance officer can show.',
      'The written procedures we would need to pass the audit.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(!skills.includes('Auditing'), `${piece}: ${skills.join(', ')}`);
    }
  });

  it('reads a text that tells its readers something as a writer’s work, not a designer’s', () => {
    for (const piece of [
      'Patient leaflets on daily foot checks and footwear.',
      'A consent form and an information leaflet that parents will understand.',
      'A short leaflet for parents on how we keep children safe on the water.',
      'A letter to our stockists explaining the change.',
      'A letter and a short question-and-answer sheet explaining the buy-in.',
      'Fire safety information for residents in plain English.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Copywriting') && !skills.includes('Graphic design'), `${piece}: ${skills.join(', ')}`);
    }
    const promotional = names('A poster and leaflets for the summer fair.', 'Do it');
    assert.ok(promotional.includes('Graphic design') && !promotional.includes('Copywriting'), promotional.join(', '));
  });

  it('reads plans and exercises for emergencies as emergency planning, not the emergency lighting', () => {
    for (const piece of [
      'Write an emergency action plan for capsizes and cold water.',
      'Our emergency arrangements are due for review.',
      'Run an emergency exercise with the local fire service.',
      'An evacuation plan for the barn and the marquee.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Emergency planning'), `${piece}: ${skills.join(', ')}`);
    }
    const lighting = names('New emergency lighting and a fire alarm system.', 'Do it');
    assert.ok(!lighting.includes('Emergency planning'), lighting.join(', '));
  });

  it('reads a dashboard as data visualisation, cleaning records as data quality, online modules as e-learning', () => {
    assert.ok(
      names('A dashboard for managers showing waiting times by stage.', 'Do it').includes('Data visualization'),
    );
    for (const piece of [
      'Cleanse and complete the membership records so that insurers can price from them.',
      'A cleaned dataset of every member who left.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Data quality'), `${piece}: ${skills.join(', ')}`);
    }
    const cleaning = names('Clean the changing rooms every evening.', 'Do it');
    assert.ok(!cleaning.includes('Data quality'), cleaning.join(', '));
    assert.ok(names('Training rewritten as an online module.', 'Do it').includes('E-learning development'));
  });

  it('reads e-mail to a list, a landing page, a tendered framework and rewritten text as the work they are', () => {
    assert.ok(names('A launch campaign to our mailing list.', 'Do it').includes('Email marketing'));
    assert.ok(names('An email sent to guests two days after check-out.', 'Do it').includes('Email marketing'));
    assert.ok(names('A landing page that takes enquiries.', 'Do it').includes('Web design'));
    assert.ok(!names('Landing page copy for the new range.', 'Do it').includes('Web design'));
    assert.ok(
      names('A framework of approved contractors tendered on the specifications.', 'Do it').includes('Procurement'),
    );
    assert.ok(names('The booking information and kit lists rewritten.', 'Do it').includes('Copywriting'));
  });

  it('reads a span of recorded data named by its period, or the client’s data used, as data analysis', () => {
    for (const piece of [
      "Review how people are referred, using last year's referral and appointment data.",
      'Going through the last six months of handover times.',
      'Use our loans data to weed titles not borrowed in five years.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Data analysis'), `${piece}: ${skills.join(', ')}`);
    }
    const policy = names("Update last year's policy on visitors.", 'Do it');
    assert.ok(!policy.includes('Data analysis'), policy.join(', '));
  });

  it('reads a session for the client’s assistants or officers as training', () => {
    const session = names('A half-day session for our twelve library assistants on the kiosks.', 'Do it');
    assert.ok(session.includes('Training delivery'), session.join(', '));
  });

  it('reads applications and bids to a fund or a trust as grant writing, and not an application for planning', () => {
    for (const piece of [
      'Help us prepare an application for inclusion funding from the local authority.',
      'A bursary scheme with applications to two local charitable trusts.',
      'We are applying to the national governing body’s facilities fund, so help with that application is welcome.',
      'Costs modelled so that we can bid to the integrated care board for funding.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Grant writing'), `${piece}: ${skills.join(', ')}`);
    }
    const planning = names('Applications to the council for planning permission.', 'Do it');
    assert.ok(!planning.includes('Grant writing'), planning.join(', '));
  });

  it('reads asking the people the work affects as a consultation, capacity against demand as capacity planning', () => {
    for (const piece of [
      'Residents and businesses must be consulted on the options through drop-in sessions.',
      'Consult the young people themselves on a new evening programme.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Public consultation'), `${piece}: ${skills.join(', ')}`);
    }
    for (const piece of [
      'Analyse demand and capacity by hour of day and day of week.',
      'Model yard and reefer plug capacity against the next five years of forecast volumes.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Resource planning'), `${piece}: ${skills.join(', ')}`);
    }
    const seats = names('A hall with a capacity of 200 for the concert.', 'Do it');
    assert.ok(!seats.includes('Resource planning'), seats.join(', '));
  });

  it('reads a fee structure and re-pricing as setting what the client charges', () => {
    for (const piece of ['A fee structure for the clinic as a monthly plan.', 'Re-price the hotel contracts.']) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Pricing strategy'), `${piece}: ${skills.join(', ')}`);
    }
  });

  it('reads something people use on the web as web development, in a brief about anything', () => {
    for (const piece of [
      'A web page where buyers can check the code.',
      'An online consultation form linked to our booking system.',
      'Set up web-to-print ordering for our regular customers.',
      'A virtual queue for the ticket sale.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Frontend development'), `${piece}: ${skills.join(', ')}`);
    }
    for (const piece of [
      'Web page copy for the new range.',
      'Carry out a data protection impact assessment of the new online booking system.',
      'Write the legacy guide, the direct mail pack and the web pages.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(!skills.includes('Frontend development'), `${piece}: ${skills.join(', ')}`);
    }
    // In a brief about technology the areas staff it (their stand-in, by their own reason), not this rule.
    const built = requiredSkills(
      'A web page where buyers can check the code.',
      'Do it',
      context(['backend', 'frontend']),
    );
    assert.ok(
      built.every((skill) => !skill.reason.includes('people use on the web')),
      built.map((skill) => skill.reason).join(' | '),
    );
  });

  it('reads overseeing the works on site as site management, and taking fumes away as ventilation', () => {
    for (const piece of [
      'Supervising the repair works on site and signing them off.',
      'Someone to supervise the works on site.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Site management'), `${piece}: ${skills.join(', ')}`);
    }
    const bats = names('Supervision of the roof strip under the licence.', 'Do it');
    assert.ok(!bats.includes('Site management'), bats.join(', '));
    for (const piece of ['Redesign the moulding shop extraction.', 'An extraction hood fitted over both kilns.']) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Ventilation systems'), `${piece}: ${skills.join(', ')}`);
    }
    const quarry = names('Evidence on mineral extraction at the quarry.', 'Do it');
    assert.ok(!quarry.includes('Ventilation systems'), quarry.join(', '));
  });

  it('reads writing down a procedure as procedure writing, and following one as no such work', () => {
    for (const piece of [
      'Write a lone working procedure for the night porters.',
      'Updated cash handling procedures for both shops.',
      'Rewrite our code of practice for the cutting room.',
      'A written procedure for checking the cold store each morning.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Standard operating procedures'), `${piece}: ${skills.join(', ')}`);
    }
    const follow = names('Check that staff follow the cleaning procedures.', 'Check it');
    assert.ok(!follow.includes('Standard operating procedures'), follow.join(', '));
    // The name recruiters give the work resolves to the same skill.
    assert.equal(taxonomy.resolve('Procedure writing')?.name, 'Standard operating procedures');
  });

  it('reads records named before their analysis or their span as data analysis', () => {
    for (const piece of [
      'We need the footfall figures from the last two years analysed by month.',
      'Go through the complaints records of the past three years.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Data analysis'), `${piece}: ${skills.join(', ')}`);
    }
    const kept = names('Keep the data on a shared drive.', 'Keep the data');
    assert.ok(!kept.includes('Data analysis'), kept.join(', '));
  });

  it('reads scanning or digitising documents as digitisation, and not scanning barcodes', () => {
    for (const piece of [
      'Scanning of all the glass negatives at 1200 dpi.',
      'Digitise the tithe maps so researchers can see them online.',
      'Scan every page of the minute books.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Document digitisation'), `${piece}: ${skills.join(', ')}`);
    }
    const barcodes = names('Barcodes scanned at the loading bay door.', 'Do it');
    assert.ok(!barcodes.includes('Document digitisation'), barcodes.join(', '));
  });

  it('reads bidding for a contract as bid writing, and issuing a tender as procurement', () => {
    for (const piece of [
      'We want to bid for the school meals contract next spring.',
      'The tender response: the quality answers on staffing and mobilisation.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Bid management') && !skills.includes('Procurement'), `${piece}: ${skills.join(', ')}`);
    }
    const buying = names('Tender the kitchen refit to three contractors.', 'Tender it');
    assert.ok(buying.includes('Procurement') && !buying.includes('Bid management'), buying.join(', '));
  });

  it('reads words written to be spoken as scriptwriting, and not a script a computer runs', () => {
    for (const piece of ['A script for the ghost walk tour.', 'Scripts for six short explainer videos.']) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Scriptwriting'), `${piece}: ${skills.join(', ')}`);
    }
    const code = names('Check which tracking scripts load on the checkout page.', 'Check it');
    assert.ok(!code.includes('Scriptwriting'), code.join(', '));
  });

  it('reads specifying the works for contractors to price as specification writing', () => {
    for (const piece of [
      'Specify the drainage works for the lower field.',
      'A specification that two or three builders can price.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Specification Writing'), `${piece}: ${skills.join(', ')}`);
    }
    const measured = names('Specify which of the three sites suits us best.', 'Choose a site');
    assert.ok(!measured.includes('Specification Writing'), measured.join(', '));
  });

  it('knows online booking as a kind of reservation system', () => {
    assert.equal(taxonomy.resolve('Online booking')?.name, 'Reservation systems');
    const skills = names('Set up online booking for the pottery classes.', 'Set it up');
    assert.ok(skills.includes('Reservation systems'), skills.join(', '));
  });

  it('reads a risk assessment of a hazard whose own skill is chosen as that practice, not risk management besides', () => {
    const fire = names('A fire risk assessment of the hostel after the loft conversion.', 'Assess it');
    assert.ok(fire.includes('Fire safety') && !fire.includes('Risk management'), fire.join(', '));
    // A hazard no chosen skill names, or a risk assessment of nothing named, stays risk management.
    const plain = names('A risk assessment for the sponsored walk.', 'Assess it');
    assert.ok(plain.includes('Risk management'), plain.join(', '));
    const bribery = names('A bribery risk assessment of how we win council work.', 'Assess it');
    assert.ok(bribery.includes('Risk management'), bribery.join(', '));
  });

  it('reads a contract the piece drafts as contract drafting, and not one it only refers to', () => {
    const drafted = names('Draft the hire agreement for the minibus.', 'Draft it');
    assert.ok(drafted.includes('Contract drafting'), drafted.join(', '));
    for (const piece of [
      'Our cleaning contract expires in May, so we need a new cleaner in place.',
      'Move the pond fish with the landowner’s agreement.',
      'Check our pricing on how we win public contracts.',
      'A rota written to match our service level agreements.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(!skills.includes('Contract drafting'), `${piece}: ${skills.join(', ')}`);
    }
  });

  it('reads what a food or drink label must say as food labelling, and a label of anything else as no such work', () => {
    for (const piece of [
      'New jar labels with the allergens in bold.',
      'An ingredient panel for each of the three sauces.',
      'Check the cider labels against the alcohol labelling rules.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Food labelling'), `${piece}: ${skills.join(', ')}`);
    }
    const shelves = names('New shelf labels for the hardware aisle.', 'Do it');
    assert.ok(!shelves.includes('Food labelling'), shelves.join(', '));
  });

  it('reads an asset register or a plan of years for renewing a stock as asset management', () => {
    for (const piece of [
      'An asset register of the estate’s culverts and footbridges.',
      'A twenty-year sewer renewal plan with costs.',
      'A ten-year plan for replacing the street lights.',
    ]) {
      const skills = names(piece, 'Do it');
      assert.ok(skills.includes('Asset management'), `${piece}: ${skills.join(', ')}`);
    }
    const oneOff = names('A plan for replacing the broken gate.', 'Plan it');
    assert.ok(!oneOff.includes('Asset management'), oneOff.join(', '));
  });

  it("takes the brief's main skill from the work it asks for, not from the people it is for or has", () => {
    const main = mainSkills(
      taxonomy,
      'A hospice at home night service',
      'We start with two nurses and four healthcare assistants each night. We want the on-call arrangements and a ' +
        'lone working policy.',
    );
    assert.ok(!main.some((skill) => skill.name === 'Healthcare assistance'), main.map((s) => s.name).join(', '));
    // Nor from work the client keeps: no task is part of prescribing here.
    const herd = mainSkills(
      taxonomy,
      'Mastitis and lameness in our dairy herd',
      'We want a mobility scoring of the whole herd. Our vet stays in charge of prescribing.',
    );
    assert.ok(!herd.some((skill) => skill.name === 'Prescribing'), herd.map((s) => s.name).join(', '));
  });

  it('lends no task a skill from a sentence around it about what the client keeps or has done already', () => {
    const ctx = context();
    const keeps: SkillContext = { ...ctx, background: ['We are not changing our practice management software.'] };
    const audit = names("An audit of last year's booking data to show where appointments are lost.", 'Audit', keeps);
    assert.ok(!audit.includes('Practice management software'), audit.join(', '));
    const done = requiredSkills(
      'The operating model: who charges and repairs the bikes',
      'Set the operating model',
      ctx,
      {
        conditions: ['We have £250,000 and a partner bike supplier already chosen through an earlier procurement.'],
      },
    ).map((skill) => skill.name);
    assert.ok(!done.includes('Procurement'), done.join(', '));
    const surveyed: SkillContext = {
      ...ctx,
      fallback: taxonomy.findAreasInText('A quarry extension: dust, blasting and ecology surveys.').map((m) => m.area),
      background: ['The ecology surveys were done last year and are not needed again.'],
    };
    const plan = names(
      'A dust assessment and dust management plan, including baseline monitoring at the nearest houses.',
      'Assess dust',
      surveyed,
    );
    assert.ok(!plan.includes('Survey design'), plan.join(', '));
  });

  // docs/quality.md, "Task skills a brief's work implies" (branch task-recall-9).
  it('reads a deliverable written as the thing and then what is done to it ("staff hired and trained")', () => {
    const inWords = (text: string) => findInOtherWords(taxonomy, text).map((mention) => mention.skill.name);
    assert.ok(inWords('Fourteen staff hired and trained').includes('Staff training'));
    assert.ok(inWords('The menu developed and costed with our chef').includes('Food cost control'));
    assert.ok(!inWords('the pricing schedule checked').includes('Retail operations'));
    const staff = names('Fourteen staff hired and trained: chefs, front of house and bar.', 'Hire and train staff');
    assert.ok(staff.includes('Staff training') || staff.includes('Training delivery'), staff.join(', '));
    const supervisors = names('Our supervisors are to be trained as mentors.', 'Train supervisors');
    assert.ok(supervisors.includes('Training delivery'), supervisors.join(', '));
    // Trained already, before the people: no training to give.
    assert.ok(!names('A fully trained nurse on each shift.', 'Staff the shifts').includes('Training delivery'));
    // A noun that is also a verb between the words is no verb done to the thing.
    const tender = names('the pricing schedule checked against our real costs per day', 'Check the pricing');
    assert.ok(!tender.includes('Retail operations'), tender.join(', '));
  });

  it('reads the trade a piece implies by what it delivers (wiring, decorating, a handbook, a website, mentoring)', () => {
    const electrics = names('Lighting and sockets in each room and a new consumer unit.', 'Fit out the rooms');
    assert.ok(electrics.includes('Electrical installation'), electrics.join(', '));
    assert.ok(names('Plastering and decorating every room.', 'Decorate').includes('Painting and decorating'));
    assert.ok(!names('Christmas decorations for the shop window.', 'Decorate').includes('Painting and decorating'));
    assert.ok(names('A driver handbook in plain English.', 'Write a handbook').includes('Technical writing'));
    assert.ok(!names('Manual handling training for the porters.', 'Train porters').includes('Technical writing'));
    const site = names('A website with online reservations and a press night.', 'Build a website');
    assert.ok(site.includes('Web design'), site.join(', '));
    assert.ok(!names('Put the new opening hours on our website.', 'Update hours').includes('Web design'));
    assert.ok(names('A mentor for each apprentice.', 'Mentor apprentices').includes('Mentoring'));
  });

  it('reads figures followed over time as data analysis, and software tried before release as testing', () => {
    assert.ok(names("A way to track each apprentice's progress.", 'Track progress').includes('Data analysis'));
    assert.ok(names('Measure the effect on waiting times.', 'Measure the effect').includes('Data analysis'));
    const tested = names('The app tested on real devices and checked against accessibility guidelines.', 'Test');
    assert.ok(tested.includes('Manual testing') && tested.includes('Web accessibility'), tested.join(', '));
    // A building's access checked against guidelines is no web accessibility, a fire alarm tested no software test.
    const ramp = names('The ramp and toilets checked against accessibility guidelines.', 'Check access');
    assert.ok(!ramp.includes('Web accessibility'), ramp.join(', '));
    assert.ok(!names('The fire alarm system tested weekly.', 'Test alarms').includes('Manual testing'));
  });

  it('asks whom a survey asks among passengers, guests and travellers too', () => {
    const survey = names('A survey of about 1,500 current and former passengers, by post and online.', 'Survey');
    assert.ok(survey.includes('Survey design'), survey.join(', '));
  });
});
