import type { ExperienceLevel } from '../../src/ai/cv/index.ts';

/**
 * What a person reading each fixture CV (test/fixtures/cvs/src/*.md) sees in it, written from the CV's text: the
 * skills it plainly lists, in the CV's own words (resolved through the taxonomy by the tests), and the career
 * level its dates and titles show as of 2026-11-01.
 */
export type ExpectedCv = { skills: string[]; level: ExperienceLevel };

export const AS_OF = '2026-11-01';

const list = (terms: string) => terms.split('|');

export const EXPECTED_CVS: Record<string, ExpectedCv> = {
  'backend-developer': {
    skills: ['Python', 'Django', 'FastAPI', 'Flask', 'PostgreSQL', 'MySQL', 'Redis', 'Docker', 'Kubernetes', 'AWS'],
    level: 'senior',
  },
  'data-scientist': {
    skills: list(
      'Python|R|SQL|pandas|NumPy|scikit-learn|TensorFlow|PyTorch|Apache Spark|Tableau|machine learning|statistics',
    ),
    level: 'senior',
  },
  'ux-designer': {
    skills: list(
      'Figma|Sketch|Adobe XD|user research|usability testing|wireframing|prototyping|design systems|HTML|CSS',
    ),
    level: 'senior',
  },
  'digital-marketer': {
    skills: list(
      'SEO|SEM|Google Analytics|Google Ads|email marketing|social media marketing|HubSpot|copywriting|market research|WordPress',
    ),
    level: 'mid',
  },
  'registered-nurse': {
    skills: ['nursing', 'electronic health records', 'Basic Life Support', 'triage'],
    level: 'expert',
  },
  accountant: {
    skills: list('financial reporting|IFRS|budgeting|auditing|bookkeeping|payroll|SAP|Excel|QuickBooks|Xero|Power BI'),
    level: 'senior',
  },
  'cs-student': {
    skills: list('Java|Python|JavaScript|HTML|CSS|SQL|Git|Docker|Linux|Kotlin|Spring Boot|JUnit|Flask|SQLite'),
    level: 'student',
  },
  'senior-architect': {
    skills: list('Java|Kotlin|Spring Boot|Kafka|Kubernetes|AWS|Terraform|PostgreSQL|Oracle|microservices|Jenkins'),
    level: 'expert',
  },
  'project-manager': {
    skills: list(
      'project management|Agile|Scrum|Kanban|stakeholder management|risk management|budgeting|vendor management|Jira|Confluence|Microsoft Project',
    ),
    level: 'senior',
  },
  teacher: {
    skills: list(
      'curriculum development|lesson planning|special educational needs|statistics|Google Classroom|public speaking|mentoring',
    ),
    level: 'senior',
  },
  'frontend-developer': {
    skills: list('JavaScript|TypeScript|React|Next.js|HTML|CSS|Tailwind CSS|Jest|Git|Node.js|PostgreSQL|Figma'),
    level: 'junior',
  },
  'mobile-developer': {
    skills: list('Swift|SwiftUI|Kotlin|Jetpack Compose|Java|Flutter|Dart|Firebase|GitHub Actions|Git'),
    level: 'mid',
  },
  'devops-engineer': {
    skills: list(
      'AWS|Google Cloud Platform|Docker|Kubernetes|Terraform|Ansible|Jenkins|Prometheus|Grafana|Bash|Python|Linux',
    ),
    level: 'senior',
  },
  'graphic-designer': {
    skills: list(
      'Adobe Photoshop|Adobe Illustrator|Adobe InDesign|typography|logo design|print design|Figma|Adobe After Effects',
    ),
    level: 'junior',
  },
  'business-analyst': {
    skills: list(
      'requirements gathering|BPMN|user stories|SQL|Excel|Power BI|Tableau|Jira|Confluence|Python|stakeholder management|' +
        // "Polish (native)" under Languages: the heading is the context the ambiguous name needs.
        'Polish',
    ),
    level: 'mid',
  },
  translator: {
    skills: list('translation|localization|proofreading|copywriting|Microsoft Word|Spanish|English|French|German'),
    level: 'expert',
  },
};
