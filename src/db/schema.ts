import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AssignmentStatus } from '../modules/assignments/assignments.state.ts';
import type { ChallengeStatus } from '../modules/challenges/challenges.state.ts';
import type { TaskStatus } from '../modules/tasks/tasks.state.ts';

/**
 * Table types. Conventions that hold on both SQLite and PostgreSQL:
 * - timestamps are ISO-8601 UTC strings in application code (TEXT in SQLite, timestamptz in PostgreSQL, parsed
 *   back to ISO strings by the pg type parser);
 * - JSON values are stored as TEXT and parsed by the repositories (`Json` marks such columns);
 * - flags are integers 0/1 so both engines agree.
 */
type Timestamp = string;
/** A JSON document serialised to TEXT. */
type Json = string;

export type AccountType = 'company' | 'contributor';

/** Who put a task or workstream in a challenge's plan: its analysis, or the company. */
export type ChangeOrigin = 'analysis' | 'company';

/** Who made an invitation: the matching job, or the owning company choosing the contributor itself. */
export type InvitedBy = 'matching' | 'company';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  account_type: AccountType;
  is_active: Generated<number>;
  linkedin_id: string | null;
  /**
   * When the owner proved the address (a confirmation link, or an e-mail LinkedIn verified); null until then, and
   * such an account cannot sign in with its password. Required on insert, so every way of making an account decides.
   */
  email_verified_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PersonalAccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  last_used_at: Timestamp | null;
  expires_at: Timestamp | null;
  /** Web sign-in tokens: `expires_at` moves to this long after each use (renewed at most once a minute). */
  idle_seconds: number | null;
  /** Web sign-in tokens: the end no renewal goes past. */
  max_expires_at: Timestamp | null;
  created_at: Timestamp;
}

/** A confirmation link sent to a new account's address: only the SHA-256 of its secret; deleted when used. */
export interface EmailConfirmationsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** A password reset link sent to an account's address: only the SHA-256 of its secret; deleted when used. */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface VolunteersTable {
  id: Generated<number>;
  user_id: number;
  field: string;
  bio: string | null;
  availability_hours_per_week: number;
  experience_level: string | null;
  years_of_experience: number | null;
  professional_domains: Json;
  education: Json;
  work_experience: Json;
  reputation_score: Generated<number>;
  cv_storage_key: string | null;
  cv_file_name: string | null;
  cv_uploaded_at: Timestamp | null;
  ai_analysis_status: Generated<string>;
  /** The step of the running CV analysis (0030, src/shared/analysis-steps.ts); null while none runs. */
  ai_analysis_step: string | null;
  ai_analysis_confidence: number | null;
  ai_analysis_error: string | null;
  ai_analyzed_at: Timestamp | null;
  validation_status: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Taxonomy skills that some CV or task has named: written on first use by `ensureSkillIds`, never all at once. */
export interface SkillsTable {
  id: Generated<number>;
  /** The taxonomy's canonical name. */
  name: string;
  /** Lower-cased canonical name: the key by which names from CVs, briefs and users are matched. */
  slug: string;
  category: string | null;
}

export interface VolunteerSkillsTable {
  id: Generated<number>;
  volunteer_id: number;
  skill_id: number;
  proficiency_level: string;
  years_of_experience: number | null;
  source: string;
  /** The CV excerpt (≤ 300 characters) a `cv_analysis` skill was read from; null for manual skills. */
  evidence: string | null;
  created_at: Timestamp;
}

export interface CompaniesTable {
  id: Generated<number>;
  user_id: number;
  company_name: string;
  industry: string | null;
  website: string | null;
  description: string | null;
  logo_storage_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChallengesTable {
  id: Generated<number>;
  company_id: number;
  title: string;
  description: string;
  refined_brief: string | null;
  field: string | null;
  score: number | null;
  complexity_level: number | null;
  challenge_type: string | null;
  /** The lifecycle of `challenges.state.ts`. */
  status: ChallengeStatus;
  ai_analysis_status: Generated<string>;
  /** The step of the running brief analysis (0030, src/shared/analysis-steps.ts); null while none runs. */
  ai_analysis_step: string | null;
  rejection_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Contests (migration 0017): when ideas and votes close, the prize and judging criteria as the company wrote them. */
  deadline: Timestamp | null;
  prize: string | null;
  judging_criteria: string | null;
  /** 1: signed-out visitors may read the challenge's public page (community discussions only). */
  is_public: Generated<number>;
  /** Set once, when the company announced its winners; ideas and votes are closed from then on. */
  winners_announced_at: Timestamp | null;
}

export interface ChallengeAnalysesTable {
  id: Generated<number>;
  challenge_id: number;
  stage: string;
  summary: string | null;
  objectives: Json;
  constraints: Json;
  success_criteria: Json;
  stakeholders: Json;
  risks: Json;
  recommended_approach: string | null;
  confidence_score: number | null;
  provider: string;
  model: string | null;
  created_at: Timestamp;
}

export interface WorkstreamsTable {
  id: Generated<number>;
  challenge_id: number;
  title: string;
  description: string | null;
  position: number;
  status: string;
  /** `analysis` or `company` (0014): who added the workstream. */
  origin: Generated<ChangeOrigin>;
  /** When the company last changed a workstream the analysis planned (0014). */
  company_edited_at: Generated<Timestamp | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TasksTable {
  id: Generated<number>;
  challenge_id: number;
  workstream_id: number | null;
  title: string;
  description: string | null;
  /** Skill names as shown to people; `task_skills` holds the same set resolved to taxonomy ids for matching. */
  required_skills: Json;
  required_experience_level: string | null;
  expected_output: string | null;
  acceptance_criteria: Json;
  estimated_hours: number | null;
  complexity_score: number | null;
  /** The lifecycle of `tasks.state.ts`. */
  status: TaskStatus;
  /** The excerpt of the brief the task was planned from; null for tasks planned before 0004. */
  source: string | null;
  /** JSON [{name, reason}]: why the task needs each of its required skills. */
  skill_reasons: Generated<string>;
  /** Its place in its workstream (0014); 0 for tasks planned before, which keep their id order. */
  position: Generated<number>;
  /** `analysis` or `company` (0014): who added the task. */
  origin: Generated<ChangeOrigin>;
  /** When the company last changed a task the analysis planned (0014). */
  company_edited_at: Generated<Timestamp | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TaskSkillsTable {
  task_id: number;
  skill_id: number;
  /** The least proficiency the skill must be held at (0014); null: the task's experience level decides. */
  level: Generated<string | null>;
  /** 1 when holding the skill can make someone fit, 0 for a supporting skill (0029). */
  core: Generated<number>;
}
/** The company's edits of a challenge's plan and brief (0014), for `GET /challenges/{id}/changes`. */
export interface ChallengeChangesTable {
  id: Generated<number>;
  challenge_id: number;
  user_id: number | null;
  action: string;
  workstream_id: number | null;
  task_id: number | null;
  summary: string;
  /** JSON: the fields changed, each {from, to}, or what was merged. */
  details: Json;
  created_at: Timestamp;
}

/**
 * The contributor's feed kept: for each contributor, their best `FEED_DEPTH` open tasks of open challenges that share a
 * skill with them and on which they hold no assignment — always a prefix of their full ranking (owner: modules/tasks,
 * `task-fit.repository.ts`).
 */
export interface TaskFitTable {
  volunteer_id: number;
  task_id: number;
  /** How many of the task's skills the contributor holds: the feed's ranking. */
  shared_skills: number;
}

/** Per contributor, the size of their kept feed and whether fits exist beyond it (owner: as `task_fit`). */
export interface TaskFitFeedsTable {
  volunteer_id: number;
  /** How many `task_fit` rows the contributor keeps: the feed's total. */
  kept: number;
  /** 1 when fits may exist beyond the kept rows (not kept; a refill brings them in as kept rows leave). */
  truncated: number;
}

export interface AssignmentsTable {
  id: Generated<number>;
  task_id: number;
  volunteer_id: number;
  /** The lifecycle of `assignments.state.ts`. */
  status: AssignmentStatus;
  match_score: number | null;
  match_reasoning: Json | null;
  decline_reason: string | null;
  /** Set when an open invitation was withdrawn (its status is then `declined`); null otherwise (0006). */
  withdrawn_at: Generated<Timestamp | null>;
  /** When an open invitation lapses (INVITATION_TTL_HOURS after it was made); null otherwise (0018). */
  expires_at: Generated<Timestamp | null>;
  /** Who chose the contributor: `matching`, or the owning company by hand (0015). */
  invited_by: Generated<InvitedBy>;
  /** What the company wrote to the contributor it invited (0015); null for matching's invitations. */
  invitation_note: Generated<string | null>;
  invited_at: Timestamp;
  responded_at: Timestamp | null;
  started_at: Timestamp | null;
  submitted_at: Timestamp | null;
  completed_at: Timestamp | null;
  actual_hours: number | null;
  /** The company's rating of the approved work, 1–5, or null (0016). */
  rating: Generated<number | null>;
  /** The company's comment when it approved the work, or null (0016). */
  review_comment: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A contributor's application for an open task, with their note to the company (0018). */
export interface TaskInterestsTable {
  id: Generated<number>;
  task_id: number;
  volunteer_id: number;
  note: string | null;
  created_at: Timestamp;
}

/** A skill the contributor took off their profile: a new CV analysis does not add it back (0018). */
export interface VolunteerSkillRemovalsTable {
  volunteer_id: number;
  skill_id: number;
  created_at: Timestamp;
}

export interface SubmissionsTable {
  id: Generated<number>;
  assignment_id: number;
  description: string;
  deliverable_url: string | null;
  hours_worked: number;
  status: string;
  /** What the company asked to change when it sent this submission back (0006); null by default. */
  review_note: Generated<string | null>;
  created_at: Timestamp;
  reviewed_at: Timestamp | null;
}

export interface SubmissionAttachmentsTable {
  id: Generated<number>;
  submission_id: number;
  file_name: string;
  storage_key: string;
  size: number;
  content_type: string;
  created_at: Timestamp;
}

export interface TeamsTable {
  id: Generated<number>;
  challenge_id: number;
  name: string;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TeamMembersTable {
  id: Generated<number>;
  team_id: number;
  volunteer_id: number;
  role: string;
  status: string;
  invited_at: Timestamp;
  responded_at: Timestamp | null;
}

export interface TeamMessagesTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  message: string;
  created_at: Timestamp;
}

/** The company ↔ team thread of a challenge (`task_id` null) or of one task with its assignee (0016). */
export interface ChallengeMessagesTable {
  id: Generated<number>;
  challenge_id: number;
  task_id: number | null;
  user_id: number;
  message: string;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  title: string;
  message: string;
  action_url: string | null;
  data: Json;
  /** `data.challenge_id` as a column (0028), for the list's challenge filter and groups; null when it has none. */
  challenge_id: Generated<number | null>;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

/** A user's e-mail delivery for one notification type (`instant|digest|off`); absent: the type's default. */
export interface NotificationPreferencesTable {
  user_id: number;
  type: string;
  email: string;
  updated_at: Timestamp;
}

/** An e-mail a notification still owes: `instant` (queued at once by the relay) or `digest` (the day's digest). */
export interface NotificationMailsTable {
  notification_id: number;
  user_id: number;
  delivery: string;
  /** When a job was queued to send it; null while it waits. */
  queued_at: Timestamp | null;
  created_at: Timestamp;
}

export interface IdeasTable {
  id: Generated<number>;
  challenge_id: number;
  volunteer_id: number;
  title: string;
  description: string;
  status: string;
  ai_score: number | null;
  ai_feedback: Json | null;
  votes_up: Generated<number>;
  votes_down: Generated<number>;
  vote_total: Generated<number>;
  final_score: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The company put the idea on its shortlist (migration 0017). */
  shortlisted_at: Generated<Timestamp | null>;
  /** 1 for first place, 2 for second…; null for ideas that did not win. */
  winner_rank: Generated<number | null>;
}

/** The comment thread under an idea (migration 0017): by its author, other contributors or the company. */
export interface IdeaCommentsTable {
  id: Generated<number>;
  idea_id: number;
  user_id: number;
  body: string;
  created_at: Timestamp;
}

export interface IdeaVotesTable {
  id: Generated<number>;
  idea_id: number;
  volunteer_id: number;
  vote: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReputationEventsTable {
  id: Generated<number>;
  volunteer_id: number;
  points: number;
  reason: string;
  subject_type: string | null;
  subject_id: number | null;
  created_at: Timestamp;
}

export type JobStatus = 'pending' | 'running' | 'completed' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: Json;
  status: JobStatus;
  attempts: Generated<number>;
  max_attempts: number;
  run_at: Timestamp;
  locked_until: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface LoginAttemptsTable {
  /** `<lower-cased email>|<ip address>` */
  key: string;
  failures: number;
  last_failed_at: Timestamp;
}

/**
 * An Idempotency-Key of a user's POST (owned by modules/idempotency, migration 0012): a claim while its request runs
 * (`response_status` null), then the response kept for replays until `expires_at`.
 */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  request_method: string;
  /** The request target as sent (path and query). */
  request_path: string;
  /** SHA-256 (hex) of the request's body as parsed, with its files' hashes (idempotency-request.ts). */
  request_hash: string;
  response_status: number | null;
  /** JSON object of the kept response headers (Content-Type, Location). */
  response_headers: string | null;
  response_body: string | null;
  /** When the running request took the key; a claim older than the lease is taken over (its process died). */
  claimed_at: Timestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** The orphan sweep's schedule: one row (id 1), kept by src/storage (migration 0013). */
export interface StorageSweepsTable {
  id: number;
  next_run_at: Timestamp;
  last_finished_at: Timestamp | null;
  /** Orphaned files the last finished sweep removed. */
  last_removed: number | null;
}

/**
 * How many challenges each company has in each status (migration 0021), kept by database triggers on every write to
 * `challenges`; read by modules/challenges for list totals, never written by the service.
 */
export interface ChallengeCountsTable {
  company_id: number;
  status: string;
  total: number;
}

/**
 * A version per shared read (migration 0032), raised by database triggers in every transaction that changes what the
 * read shows; read by modules/challenges to check its kept response bodies, never written by the service.
 */
export interface ReadVersionsTable {
  /**
   * `notifications` (0033): a user's notification deletions, subject the user id. `feed` and `assignments` (0034): a
   * contributor's kept feed and their assignments, subject the volunteer id. `notification_page` and `team` (0035): a
   * user's notifications (subject the user id) and a team's memberships (subject the team id).
   */
  topic: 'challenge_list' | 'challenge' | 'notifications' | 'feed' | 'assignments' | 'notification_page' | 'team';
  subject_id: number;
  version: number;
}

/** Each user's notification counts, kept by modules/notifications with every write (migration 0009). */
export interface NotificationCountsTable {
  user_id: number;
  total: number;
  unread: number;
}

/** A user's webhook endpoint (modules/webhooks, migration 0011). `events` is a JSON array of event types or ["*"]. */
export interface WebhooksTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  events: Json;
  description: string | null;
  /** `whsec_` + base64 of 32 random bytes: the HMAC key deliveries are signed with. */
  secret: string;
  active: number;
  /** Deliveries that ended failed since the last one that succeeded; 20 deactivate the webhook. */
  consecutive_failures: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event for one webhook: the outbox row and its delivery log entry (modules/webhooks). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  /** `evt_…`: the `webhook-id` header, the same on every attempt and redelivery. */
  event_id: string;
  event_type: string;
  /** The request body exactly as sent. */
  body: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  response_status: number | null;
  response_body_excerpt: string | null;
  error: string | null;
  next_attempt_at: Timestamp | null;
  /** When the job for the next attempt was queued; null while the relay has still to queue it. */
  queued_at: Timestamp | null;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
}

export interface Database {
  users: UsersTable;
  personal_access_tokens: PersonalAccessTokensTable;
  email_confirmations: EmailConfirmationsTable;
  password_resets: PasswordResetsTable;
  volunteers: VolunteersTable;
  skills: SkillsTable;
  volunteer_skills: VolunteerSkillsTable;
  companies: CompaniesTable;
  challenges: ChallengesTable;
  challenge_analyses: ChallengeAnalysesTable;
  workstreams: WorkstreamsTable;
  tasks: TasksTable;
  task_skills: TaskSkillsTable;
  challenge_changes: ChallengeChangesTable;
  task_fit: TaskFitTable;
  task_fit_feeds: TaskFitFeedsTable;
  assignments: AssignmentsTable;
  task_interests: TaskInterestsTable;
  volunteer_skill_removals: VolunteerSkillRemovalsTable;
  submissions: SubmissionsTable;
  submission_attachments: SubmissionAttachmentsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_messages: TeamMessagesTable;
  challenge_messages: ChallengeMessagesTable;
  notifications: NotificationsTable;
  notification_counts: NotificationCountsTable;
  notification_preferences: NotificationPreferencesTable;
  notification_mails: NotificationMailsTable;
  challenge_counts: ChallengeCountsTable;
  read_versions: ReadVersionsTable;
  ideas: IdeasTable;
  idea_votes: IdeaVotesTable;
  idea_comments: IdeaCommentsTable;
  reputation_events: ReputationEventsTable;
  jobs: JobsTable;
  login_attempts: LoginAttemptsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  idempotency_keys: IdempotencyKeysTable;
  storage_sweeps: StorageSweepsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type ChallengeRow = Selectable<ChallengesTable>;
export type AssignmentRow = Selectable<AssignmentsTable>;
export type AssignmentUpdate = Updateable<AssignmentsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type IdeaRow = Selectable<IdeasTable>;
export type JobRow = Selectable<JobsTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
